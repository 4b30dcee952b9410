import type { ReactNode } from 'react';
import { useCommunityName } from '../../../api/community.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { usePageTitle } from '../../../lib/document-title.ts';
import { LanguagePicker } from './language-picker.tsx';

interface AuthLayoutProps {
  heading: string;
  tagline?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Wide for reading (the terms), narrow for a form. */
  wide?: boolean;
}

export function AuthLayout({ heading, tagline, children, footer, wide = false }: AuthLayoutProps) {
  usePageTitle(heading);
  const name = useCommunityName();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-emerald-50 via-stone-50 to-teal-50 px-4 py-10">
      <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex items-center gap-2 text-2xl font-bold tracking-tight text-stone-900">
            <Logo />
            {name}
          </span>
          {tagline && <p className="text-sm text-stone-600">{tagline}</p>}
        </div>
        <Card className="flex flex-col gap-5">
          <h1 className="text-xl font-semibold text-stone-900">{heading}</h1>
          {children}
        </Card>
        {footer && <p className="mt-6 text-center text-sm text-stone-600">{footer}</p>}
        <LanguagePicker />
      </div>
    </main>
  );
}
