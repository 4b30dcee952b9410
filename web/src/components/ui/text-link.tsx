import type { ComponentProps } from 'react';
import { Link } from 'react-router';

export function TextLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      // Tall enough to tap when it stands alone; inside a sentence the padding leaves the line height as it is.
      className={`py-0.5 font-medium text-emerald-700 underline-offset-2 hover:text-emerald-800 hover:underline ${className}`}
      {...props}
    />
  );
}
