interface SpinnerProps {
  className?: string;
}

/** Decorative: whoever shows it also says, in text, what is loading. Pure CSS, so no icon code on first load. */
export function Spinner({ className = 'size-5' }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

interface LoadingStateProps {
  label: string;
  className?: string;
}

export function LoadingState({ label, className = '' }: LoadingStateProps) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 text-stone-600 ${className}`}>
      <Spinner className="size-8 text-emerald-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
