import { useId, type ReactNode } from 'react';
import { Card } from './card.tsx';

interface SectionCardProps {
  title: string;
  /** One sentence on what the section does, under its heading. */
  description: string;
  children: ReactNode;
  /** Deleting the account: set apart in red, so it is never mistaken for the rest. */
  danger?: boolean;
}

/**
 * One part of a settings page (the member's /settings, the admin's community settings): a heading
 * landmark of its own, so a screen reader can jump between them.
 */
export function SectionCard({ title, description, children, danger = false }: SectionCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className={`flex flex-col gap-4 ${danger ? 'border-red-200' : ''}`}>
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className={`text-lg font-semibold ${danger ? 'text-red-800' : 'text-stone-900'}`}>
            {title}
          </h2>
          <p className="text-sm text-stone-600">{description}</p>
        </div>
        {children}
      </Card>
    </section>
  );
}
