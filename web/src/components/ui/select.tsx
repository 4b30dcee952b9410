import { useId, type ComponentProps } from 'react';

interface SelectProps extends ComponentProps<'select'> {
  label: string;
  error?: string | undefined;
}

export function Select({ label, error, id, className = '', children, ...props }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-lg border bg-white px-3 py-2.5 text-sm text-stone-900 shadow-sm ${
          error ? 'border-red-500' : 'border-stone-300 hover:border-stone-400'
        }`}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
