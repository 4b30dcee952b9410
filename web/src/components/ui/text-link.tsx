import type { ComponentProps } from 'react';
import { Link } from 'react-router';

export function TextLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={`font-medium text-emerald-700 underline-offset-2 hover:text-emerald-800 hover:underline ${className}`}
      {...props}
    />
  );
}
