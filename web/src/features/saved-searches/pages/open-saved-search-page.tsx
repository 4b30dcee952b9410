import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOpenSavedSearch } from '../api/open-saved-search.ts';
import { marketplacePath } from '../marketplace-path.ts';
import { SAVED_SEARCHES_TEXT } from '../texts.ts';

const t = SAVED_SEARCHES_TEXT;

/**
 * /saved-searches/:id, where Open and an alert lead: marks the search opened, then shows it on the
 * marketplace with its filters in the address (replacing this page in the history, so Back skips it).
 */
export function OpenSavedSearchPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const open = useOpenSavedSearch();
  const { mutate } = open;
  // Once per search: React runs effects twice in development, and each call would mark it opened.
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === id) return;
    asked.current = id;
    mutate(id, { onSuccess: ({ savedSearch }) => void navigate(marketplacePath(savedSearch.filters), { replace: true }) });
  }, [id, mutate, navigate]);

  if (open.isError) {
    return (
      <LoadFailed
        message={errorMessage(open.error, t.openFailed)}
        onRetry={() => {
          asked.current = null;
          open.reset();
          mutate(id, { onSuccess: ({ savedSearch }) => void navigate(marketplacePath(savedSearch.filters), { replace: true }) });
        }}
      />
    );
  }
  return <LoadingState label={t.opening} className="py-16" />;
}
