import { useCallback, useId, useSyncExternalStore, type ReactNode } from 'react';
import { WEB_TEXT } from '../../lib/texts.ts';

/** The counter appears once this share of the limit is used: earlier it would only be noise. */
const COUNT_FROM = 0.8;

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
  /** The control's limit in characters: a counter shows as it nears it. */
  maxLength?: number | undefined;
  /** Renders the control with the props that tie it to its label and its error. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A label, a control, its hint and its error, tied together for assistive technology: inputs,
 * text areas and selects alike. The control takes its description from here, so a hint never
 * displaces the error or the other way round.
 */
export function Field({ label, error, hint, id, className = '', maxLength, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const countId = `${controlId}-count`;
  const used = useLength(controlId, maxLength !== undefined);
  const counted = maxLength !== undefined && used >= maxLength * COUNT_FROM;
  const describedBy = [hint ? hintId : null, counted ? countId : null, error ? errorId : null].filter(Boolean).join(' ');
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
      {counted && (
        <p
          id={countId}
          role={used >= maxLength ? 'status' : undefined}
          className={`text-right text-sm ${used >= maxLength ? 'font-medium text-amber-800' : 'text-stone-600'}`}
        >
          {used >= maxLength ? WEB_TEXT.common.limitReached({ max: maxLength }) : WEB_TEXT.common.charactersUsed({ used, max: maxLength })}
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

/**
 * The length of the control's value, read from the page: a form library may hold the value, and
 * one set from code (a form filled or reset) raises no event, so each render reads it again.
 * Heard on the document, after React's own listener on its root: a render in between would put a
 * controlled field's old value back over what was just typed.
 */
function useLength(controlId: string, counted: boolean): number {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!counted) return () => undefined;
      const onInput = (event: Event) => {
        if (event.target instanceof HTMLElement && event.target.id === controlId) changed();
      };
      document.addEventListener('input', onInput);
      return () => document.removeEventListener('input', onInput);
    },
    [controlId, counted],
  );
  const read = () => (counted ? ((document.getElementById(controlId) as HTMLInputElement | null)?.value.length ?? 0) : 0);
  return useSyncExternalStore(subscribe, read);
}
