import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/document-title.ts';

interface EmptyStateProps {
  title: string;
  body?: string;
  /** A link or button that leads somewhere useful. */
  action?: ReactNode;
  className?: string;
  /** When the state is all the page shows, its title is the page's heading. */
  titleAs?: 'p' | 'h1';
}

export function EmptyState({ title, body, action, className = '', titleAs: Title = 'p' }: EmptyStateProps) {
  usePageTitle(Title === 'h1' ? title : undefined);
  return (
    <div className={`flex flex-col items-center gap-2 px-4 py-12 text-center ${className}`}>
      <Title className="text-lg font-semibold text-stone-900">{title}</Title>
      {body && <p className="max-w-md text-sm text-stone-600">{body}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
