import { usePageTitle } from '../../lib/document-title.ts';

/** The page's heading, which also names the tab unless `title` says otherwise. */
export function PageHeading({ children, title }: { children: string; title?: string }) {
  usePageTitle(title ?? children);
  return <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{children}</h1>;
}
