import type { ReactNode } from 'react';

interface AdminSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  headingId: string;
  heading: string;
  intro: string;
  children: ReactNode;
}

/** An admin page's one section: its heading, a line on what it is for, then its content. */
export function AdminSection({ headingId, heading, intro, children }: AdminSectionProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {heading}
        </h2>
        <p className="text-sm text-stone-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
