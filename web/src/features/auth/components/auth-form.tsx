import type { FormEvent, ReactNode } from 'react';

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Called when the member first reaches a field: the form's validator downloads then (lib/lazy-resolver.ts). */
  onFirstFocus: () => void;
  children: ReactNode;
}

/** The account pages' form: validated by the contract's schemas, not by the browser. */
export function AuthForm({ onSubmit, onFirstFocus, children }: AuthFormProps) {
  return (
    <form
      noValidate
      onFocus={onFirstFocus}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}
