import { useId, type ComponentProps, type ReactNode } from 'react';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export function Checkbox({ label, error, id, className = '', ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="size-4 rounded border-stone-300 accent-emerald-600"
          {...props}
        />
        {/* Padded, so the label and box together make a target a finger can hit. */}
        <label htmlFor={inputId} className="py-1 text-sm text-stone-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
