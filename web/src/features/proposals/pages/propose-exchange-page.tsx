import { TEXT, type ItemDetail } from '@swapyard/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ItemThumb } from '../../../components/item-thumb.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { memberName, useCurrentUser } from '../../../lib/current-user.ts';
import { isNotFound } from '../../../lib/not-found.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useItem } from '../../../api/item.ts';
import { usePendingProposal } from '../api/find-pending-proposal.ts';
import { ProposeForm } from '../components/propose-form.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;

export function ProposeExchangePage() {
  const { id = '' } = useParams();
  const { data: item, error, refetch } = useItem(id);
  const failed = error && !item && !isNotFound(error) ? errorMessage(error, TEXT.items.detailsFailed) : null;
  useErrorToast(failed);

  let content: ReactNode;
  if (item) {
    content = <TargetAndForm item={item} />;
  } else if (error && isNotFound(error)) {
    content = (
      <EmptyState
        title={TEXT.items.notFoundTitle}
        body={TEXT.items.notFoundBody}
        action={
          <Link to="/marketplace" className={buttonClassName('primary')}>
            {t.backToMarketplace}
          </Link>
        }
      />
    );
  } else if (failed) {
    content = <LoadFailed message={failed} onRetry={() => void refetch()} />;
  } else {
    content = <LoadingState label={TEXT.proposals.loading} className="py-16" />;
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeading>{WEB_TEXT.pages.proposeExchange}</PageHeading>
      {content}
    </div>
  );
}

function TargetAndForm({ item }: { item: ItemDetail }) {
  const user = useCurrentUser();
  const isOwn = item.ownerId === user.id;
  const pending = usePendingProposal(item.id);
  // The server refuses each of these too; saying so before the member writes a message saves them the effort.
  let body: ReactNode;
  if (isOwn) {
    body = <Refusal message={TEXT.proposals.ownItem} to={`/item/${item.id}`} label={t.backToItem} />;
  } else if (item.status !== 'available') {
    body = <Refusal message={TEXT.proposals.itemUnavailable} to="/marketplace" label={t.backToMarketplace} />;
  } else if (pending.data) {
    body = <Refusal message={TEXT.proposals.duplicate} to={`/proposals/${pending.data.id}`} label={t.viewYourProposal} />;
  } else if (pending.isPending) {
    body = <LoadingState label={TEXT.proposals.loading} className="py-8" />;
  } else {
    body = (
      <Card>
        <ProposeForm itemId={item.id} />
      </Card>
    );
  }

  return (
    <>
      <div className="flex items-center gap-4">
        <ItemThumb image={item.images[0] ?? null} eager className="size-20 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <p className="text-sm text-stone-600">{t.targetItem}</p>
          <h2 className="text-lg font-semibold text-stone-900">{item.title}</h2>
          <p className="text-sm text-stone-600">
            {WEB_TEXT.points({ points: item.value })} · {memberName(item.owner)}
          </p>
        </div>
      </div>
      {body}
    </>
  );
}

function Refusal({ message, to, label }: { message: string; to: string; label: string }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{message}</Alert>
      <Link to={to} className={buttonClassName('secondary')}>
        {label}
      </Link>
    </div>
  );
}
