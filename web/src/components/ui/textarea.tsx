import { useId, type ComponentProps } from 'react';

interface TextareaProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string | undefined;
}

export function Textarea({ label, error, id, className = '', rows = 4, ...props }: TextareaProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const errorId = `${textareaId}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={textareaId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={textareaId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-lg border bg-white px-3 py-2.5 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 ${
          error ? 'border-red-500' : 'border-stone-300 hover:border-stone-400'
        }`}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
