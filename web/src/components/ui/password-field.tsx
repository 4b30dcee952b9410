import { Input, type InputProps } from './input.tsx';

interface PasswordFieldProps extends Omit<InputProps, 'type' | 'autoComplete' | 'required'> {
  /** Tells the browser's password manager whether to fill in the saved password or offer to save a new one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A required password input with its label and error, as sign-in, registration and the settings ask for one. */
export function PasswordField(props: PasswordFieldProps) {
  return <Input type="password" required {...props} />;
}
