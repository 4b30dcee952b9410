import type { ReactNode } from 'react';
import { usePart } from '../lib/page-parts.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';
import { LoadFailed } from './ui/load-failed.tsx';
import { LoadingState } from './ui/spinner.tsx';

interface OnDemandProps<M> {
  /** Fetches the part's code (a dynamic import); one function per part, defined once, not per render. */
  load: () => Promise<M>;
  loadingLabel: string;
  failedMessage: string;
  children: (module: M) => ReactNode;
}

/**
 * A part of a page whose code is fetched only when the member opens it, so the visits that never
 * open it do not download it. While it comes, its place says so. If it cannot come, the failure is
 * told in a toast and in its place, and the rest of the page stays: React.lazy would hand it to the
 * route's error page. Offline (before the app was kept on this device) its place says it loads when
 * online, and it tries again when the connection returns. Online, Try again reloads the page: a
 * browser may keep a failed import's error for as long as the page lives (whatwg/html#6768).
 */
export function OnDemand<M>({ load, loadingLabel, failedMessage, children }: OnDemandProps<M>) {
  const { module, failed } = usePart(load);
  useErrorToast(failed ? failedMessage : null);
  if (module !== undefined) return children(module);
  if (!failed) return <LoadingState label={loadingLabel} className="py-8" />;
  return (
    <LoadFailed
      message={failedMessage}
      onRetry={() => {
        window.location.reload();
      }}
    />
  );
}
