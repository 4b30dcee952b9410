import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

export function Alert({ tone, children }: AlertProps) {
  const isError = tone === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={`rounded-lg border-l-4 px-3 py-2.5 text-sm ${
        isError ? 'border-red-600 bg-red-50 text-red-800' : 'border-emerald-600 bg-emerald-50 text-emerald-800'
      }`}
    >
      {children}
    </div>
  );
}
