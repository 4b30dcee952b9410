import type { ComponentProps } from 'react';
import { Field } from './field.tsx';

export interface InputProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function Input({ label, error, hint, id, className, ...props }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className} maxLength={props.maxLength}>
      {(control) => <input {...control} {...props} />}
    </Field>
  );
}
