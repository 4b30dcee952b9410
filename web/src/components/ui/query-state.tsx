import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { LoadFailed } from './load-failed.tsx';
import { LoadingState } from './spinner.tsx';

/** The parts of a query's result, plain or infinite, that decide what the member sees. */
export interface AskedQuery<Data> {
  isPending: boolean;
  data: Data | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<Data> {
  query: AskedQuery<Data>;
  loadingLabel: string;
  /** Said when the failure carries no message of the server's own. */
  failedMessage: string;
  /** The loading state's room, as the page lays it out. */
  loadingClassName?: string;
  children: (data: Data) => ReactNode;
}

/**
 * A query's answer once it is there; before, that it is loading, or that it failed with a way to
 * ask again. Decided by the data rather than by the error: a later fetch that fails (a refetch, a
 * further page) leaves what was shown in place.
 */
export function QueryState<Data>({ query, loadingLabel, failedMessage, loadingClassName, children }: QueryStateProps<Data>) {
  if (query.isPending) return <LoadingState label={loadingLabel} className={loadingClassName} />;
  if (query.data === undefined) {
    return <LoadFailed message={errorMessage(query.error, failedMessage)} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
