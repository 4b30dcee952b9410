import { useIsOnline } from '../../lib/connectivity.ts';
import { WEB_TEXT } from '../../lib/texts.ts';

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

/**
 * What is being loaded. Offline, a query with nothing saved waits for the connection, so rather
 * than spin until then it says the page is not on this device; it loads when the connection returns.
 */
export function LoadingState({ label, className = '' }: LoadingStateProps) {
  const online = useIsOnline();
  if (!online) {
    return (
      <div role="status" className={`flex flex-col items-center justify-center gap-2 px-4 text-center text-stone-600 ${className}`}>
        <p className="font-semibold text-stone-800">{WEB_TEXT.common.notSavedOffline}</p>
        <p className="max-w-sm text-sm">{WEB_TEXT.common.loadsWhenOnline}</p>
      </div>
    );
  }
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 text-stone-600 ${className}`}>
      <Spinner className="size-8 text-emerald-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
