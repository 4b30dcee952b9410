import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useIsOnline } from '../lib/connectivity.ts';
import { arrivedPart, fetchPart } from '../lib/page-parts.ts';
import { useErrorToast } from '../lib/use-error-toast.ts';
import { LoadFailed } from './ui/load-failed.tsx';
import { LoadingState } from './ui/spinner.tsx';

type State<M> = { module: M } | 'loading' | { failedOffline: boolean };

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
  const online = useIsOnline();
  const [state, setState] = useState<State<M>>(() => {
    const module = arrivedPart(load);
    return module === undefined ? 'loading' : { module };
  });
  const failed = typeof state === 'object' && 'failedOffline' in state;
  const loading = state === 'loading' || (failed && state.failedOffline && online);
  useErrorToast(failed && !loading && online ? failedMessage : null);

  useEffect(() => {
    if (!loading) return;
    let shown = true;
    fetchPart(load).then(
      (module) => {
        if (shown) setState({ module });
      },
      () => {
        // Judged as the page judges it (lib/connectivity.ts), so a failure offline waits for the connection.
        if (shown) setState({ failedOffline: !onlineManager.isOnline() });
      },
    );
    return () => {
      shown = false;
    };
  }, [load, loading]);

  if (loading || (failed && !online)) return <LoadingState label={loadingLabel} className="py-8" />;
  if (failed) {
    return (
      <LoadFailed
        message={failedMessage}
        onRetry={() => {
          window.location.reload();
        }}
      />
    );
  }
  return children(state.module);
}
