import type { FormEvent, ReactNode } from 'react';

interface AuthFormProps {
  /** From useSchemaForm (lib/schema-form.ts): the first focus downloads the validator. */
  formProps: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
    onChange: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
  };
  children: ReactNode;
}

/** The account pages' form: validated by the contract's schemas, not by the browser. */
export function AuthForm({ formProps: { onSubmit, onChange, onFocus }, children }: AuthFormProps) {
  return (
    <form noValidate onFocus={onFocus} onChange={onChange} onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {children}
    </form>
  );
}
