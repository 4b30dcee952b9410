import { useId, type ReactNode } from 'react';

export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  /** Help shown under the control, read out with it. */
  hint?: string | undefined;
  id?: string | undefined;
  className?: string;
  /** Renders the control with the props that tie it to its label and its error. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A label, a control, its hint and its error, tied together for assistive technology: inputs,
 * text areas and selects alike. The control takes its description from here, so a hint never
 * displaces the error or the other way round.
 */
export function Field({ label, error, hint, id, className = '', children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `rounded-lg border bg-white px-3 py-2.5 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 ${
          error ? 'border-red-500' : 'border-stone-300 hover:border-stone-400'
        }`,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
