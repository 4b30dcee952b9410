import { TEXT } from '@swapyard/contract';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedQueryList } from '../../../components/ui/paged-list.tsx';
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
  const query = useProposals(box);
  useErrorToast(query.error && !query.data ? errorMessage(query.error, TEXT.proposals.loadFailed) : null);
  const proposals = query.data?.pages.flatMap((page) => page.proposals) ?? [];

  return (
    <PagedQueryList
      query={query}
      items={proposals}
      keyOf={(proposal) => proposal.id}
      renderItem={(proposal) => <ProposalRow proposal={proposal} />}
      texts={{ loading: t.loadingList, loadFailed: TEXT.proposals.loadFailed, loadMore: t.loadMore }}
      empty={
        box === 'received' ? (
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
        )
      }
    />
  );
}
