import { TEXT, type Proposal } from '@swapyard/contract';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useOpenConversation } from '../../../api/open-conversation.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { SwapBadge } from '../../../components/swap-badge.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { memberName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { isNotFound } from '../../../lib/not-found.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useProposal } from '../../../api/proposal.ts';
import { HandoverSection } from '../components/handover-section.tsx';
import { ProposalActions } from '../components/proposal-actions.tsx';
import { ProposalItem } from '../components/proposal-item.tsx';
import { OfferThread } from '../components/offer-thread.tsx';
import { ProblemSection } from '../components/problem-section.tsx';
import { RatingSection } from '../components/rating-section.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;

export function ProposalPage() {
  const { id = '' } = useParams();
  const { data: proposal, error, refetch } = useProposal(id);
  // 403 and 404 are answers, shown as the page; anything else is a failure worth a toast.
  const failed =
    error && !proposal && !isForbidden(error) && !isNotFound(error)
      ? errorMessage(error, TEXT.proposals.getFailed)
      : null;
  useErrorToast(failed);

  let content: ReactNode;
  if (proposal) {
    content = <ProposalView proposal={proposal} />;
  } else if (error && isForbidden(error)) {
    content = <EmptyState titleAs="h1" title={TEXT.proposals.unauthorized} />;
  } else if (error && isNotFound(error)) {
    content = <EmptyState titleAs="h1" title={TEXT.proposals.notFound} />;
  } else if (failed) {
    content = <LoadFailed titleAs="h1" message={failed} onRetry={() => void refetch()} />;
  } else {
    content = <LoadingState label={t.loadingProposal} className="py-16" />;
  }

  return (
    <div className="flex flex-col gap-6">
      <TextLink to="/proposals" className="inline-flex items-center gap-1 self-start text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.backToProposals}
      </TextLink>
      {content}
    </div>
  );
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

function ProposalView({ proposal }: { proposal: Proposal }) {
  const isReceiver = proposal.viewerRole === 'receiver';
  const other = isReceiver ? proposal.sender : proposal.receiver;
  const openConversation = useOpenConversation();

  return (
    <>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <PageHeading>{WEB_TEXT.pages.proposal}</PageHeading>
          <SwapBadge proposal={proposal} />
        </div>
        <p className="text-stone-700">
          {isReceiver ? t.from : t.to} <MemberLink member={other} inline>{memberName(other)}</MemberLink>
        </p>
        {proposal.status === 'pending' && (
          <p className="font-medium text-stone-800">
            {proposal.viewerRole === proposal.offeredBy ? t.waitingFor({ name: memberName(other) }) : t.yourTurn}
          </p>
        )}
        {proposal.counteredById && (
          <p className="text-stone-700">
            {t.replacedBy} <TextLink to={`/proposals/${proposal.counteredById}`}>{t.seeLatest}</TextLink>
          </p>
        )}
        {/* The chat about this item, where the proposal's cards sit among the two members' messages. */}
        {!other.former && (
          <Button
            variant="secondary"
            className="self-start"
            loading={openConversation.isPending}
            onClick={() => openConversation.mutate({ otherUserId: other.id, itemId: proposal.item.id })}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {t.openConversation({ name: memberName(other) })}
          </Button>
        )}
      </header>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t.requestedItem}>
          <ProposalItem item={proposal.item} />
        </Section>
        <Section title={t.offered}>
          {proposal.offerItem ? (
            <ProposalItem item={proposal.offerItem} />
          ) : (
            <p className="text-sm text-stone-600">{t.noItemOffered}</p>
          )}
          {proposal.pointsOffer > 0 && (
            <p className="mt-3 text-lg font-semibold text-emerald-700">{WEB_TEXT.points({ points: proposal.pointsOffer })}</p>
          )}
        </Section>
      </div>

      <Section title={t.message}>
        <p className="text-stone-800 whitespace-pre-line">{proposal.message}</p>
      </Section>

      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-700">{t.created}</dt>
        <dd className="text-stone-600">
          <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time>
        </dd>
        {proposal.resolvedAt && (
          <>
            <dt className="font-medium text-stone-700">{t.resolved}</dt>
            <dd className="text-stone-600">
              <time dateTime={proposal.resolvedAt}>{formatDateTime(proposal.resolvedAt)}</time>
            </dd>
          </>
        )}
      </dl>

      <ProposalActions proposal={proposal} />
      {proposal.thread && proposal.thread.length > 1 && <OfferThread proposal={proposal} thread={proposal.thread} />}
      {/* Once the swap is completed, rating is what is left to do: it comes first. */}
      {proposal.completedAt ? (
        <>
          <RatingSection proposal={proposal} />
          <HandoverSection proposal={proposal} />
        </>
      ) : (
        <>
          <HandoverSection proposal={proposal} />
          <RatingSection proposal={proposal} />
        </>
      )}
      <ProblemSection proposal={proposal} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</h2>
      <div>{children}</div>
    </Card>
  );
}
