import { TEXT } from '@swapyard/contract';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { ProposalBox } from '../../../lib/query-keys.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useProposals } from '../api/list-proposals.ts';
import { ProposalRow } from '../components/proposal-row.tsx';
import { ProposalTabs } from '../components/proposal-tabs.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;

export function ProposalsPage() {
  // In the URL, so Back and a shared link return to the same tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const box: ProposalBox = searchParams.get('box') === 'sent' ? 'sent' : 'received';

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t.heading}</PageHeading>
      <ProposalTabs
        box={box}
        onSelect={(next) => {
          setSearchParams(next === 'received' ? {} : { box: next }, { replace: true });
        }}
      >
        <ProposalList box={box} />
      </ProposalTabs>
    </div>
  );
}

function ProposalList({ box }: { box: ProposalBox }) {
  const { data, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useProposals(box);
  const failed = error && !data ? errorMessage(error, TEXT.proposals.loadFailed) : null;
  useErrorToast(failed);

  if (failed) return <LoadFailed message={failed} onRetry={() => void refetch()} />;
  if (!data) return <LoadingState label={t.loadingList} className="py-16" />;

  const proposals = data.pages.flatMap((page) => page.proposals);
  if (proposals.length === 0) {
    return box === 'received' ? (
      <EmptyState title={t.noReceivedTitle} body={t.noReceivedBody} />
    ) : (
      <EmptyState
        title={t.noSentTitle}
        body={t.noSentBody}
        action={
          <Link to="/marketplace" className={buttonClassName('primary')}>
            {t.browseMarketplace}
          </Link>
        }
      />
    );
  }

  return (
    <PagedList
      items={proposals}
      keyOf={(proposal) => proposal.id}
      renderItem={(proposal) => <ProposalRow proposal={proposal} />}
      {...{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      loadMoreLabel={t.loadMore}
    />
  );
}
