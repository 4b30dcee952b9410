import type { ComponentProps } from 'react';
import { Field } from './field.tsx';

interface TextareaProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function Textarea({ label, error, hint, id, className, rows = 4, ...props }: TextareaProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className} maxLength={props.maxLength}>
      {(control) => <textarea {...control} rows={rows} {...props} />}
    </Field>
  );
}
