import type { ComponentProps } from 'react';
import { Field } from './field.tsx';

interface SelectProps extends ComponentProps<'select'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function Select({ label, error, hint, id, className, children, ...props }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...control} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
