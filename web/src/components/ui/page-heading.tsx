import type { ReactNode } from 'react';

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{children}</h1>;
}
