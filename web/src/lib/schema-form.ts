import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

/** A contract schema downloaded on first use instead of with the page (docs/decisions/006 and 033). */
export interface LazySchema<TOutput> {
  load: () => Promise<z.ZodType<TOutput>>;
  /** Starts the download; forms call it when a member first touches them. */
  preload: () => void;
}

export function lazySchema<TOutput>(loadSchema: () => Promise<z.ZodType<TOutput>>): LazySchema<TOutput> {
  let loading: Promise<z.ZodType<TOutput>> | undefined;
  const load = () => {
    loading ??= loadSchema().catch((error: unknown) => {
      // A failed download (offline, a new deploy) is retried on the next attempt rather than remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { load, preload: () => void load().catch(() => undefined) };
}

export type FieldErrors = Partial<Record<string, string>>;

/** The form's fields by name: text as typed, a checkbox as whether it is ticked. */
function fieldValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement && element.name) {
      values[element.name] = element.type === 'checkbox' ? element.checked : element.value;
    }
  }
  return values;
}

/**
 * An uncontrolled form checked by a contract schema: on submit, and after a refused submit on every
 * change, so a message goes as soon as its field is right. Each field shows the first complaint about
 * it, the first refused field takes the focus, and `onValid` gets the schema's output (trimmed,
 * defaulted). `fixed` holds values the member does not type (a reset link's token).
 */
export function useSchemaForm<TOutput>(
  schema: LazySchema<TOutput>,
  onValid: (values: TOutput) => Promise<void> | void,
  fixed: Record<string, unknown> = {},
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const refused = useRef(false);
  const checks = useRef(0);

  const check = async (form: HTMLFormElement) => {
    const number = ++checks.current;
    const result = await (await schema.load()).safeParseAsync({ ...fieldValues(form), ...fixed });
    const found: FieldErrors = {};
    for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    // Only the newest check speaks: an older one may finish after it.
    if (number === checks.current) setErrors(found);
    return { result, found, newest: number === checks.current };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { result, found, newest } = await check(form);
    if (!newest) return;
    if (!result.success) {
      refused.current = true;
      const first = [...form.elements].find((element) => element instanceof HTMLInputElement && element.name in found);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    await onValid(result.data);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    // The schema is loaded by then (a submit was refused with it), so a failure here is not the member's to see.
    if (refused.current) check(event.currentTarget).catch(() => undefined);
  };

  return { errors, formProps: { onSubmit, onChange, onFocus: schema.preload } };
}
