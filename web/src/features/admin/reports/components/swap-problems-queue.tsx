import type { ProposalOffer, SwapProblemCase } from '@swapyard/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '../../../../components/reason-dialog.tsx';
import { ThumbnailLinks } from '../../../../components/thumbnail-links.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { PagedQueryList } from '../../../../components/ui/paged-list.tsx';
import { TEXT } from '@swapyard/contract';
import { errorMessage } from '../../../../lib/api-client.ts';
import { memberName } from '../../../../lib/current-user.ts';
import { toast } from '../../../../lib/toast.ts';
import { AdminSection } from '../../components/admin-section.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { useDecideSwapProblem, type SwapProblemDecision } from '../api/decide-swap-problem.ts';
import { useSwapProblemQueue } from '../api/list-swap-problems.ts';
import { dateTimeFormat } from '../../../../lib/intl.ts';

const t = ADMIN_TEXT.swapProblems;
const when = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "Ben gave 25 points and a lamp to Ann.": the item only when one was offered. */
function terms(sender: string, receiver: string, points: number, offered: string | undefined): string {
  return offered ? t.termsWithItem({ sender, receiver, points, offered }) : t.terms({ sender, receiver, points });
}

/** One offer of the thread: who, what, and how it ended (its stored status, which the message names). */
function offerLine(by: string, offer: ProposalOffer): string {
  const { pointsOffer: points, status } = offer;
  const offered = offer.offerItem?.title;
  return offered ? t.offerLineWithItem({ by, points, offered, status }) : t.offerLine({ by, points, status });
}

/** The open problems with swaps, each with its proposal thread, Dismiss and Reverse swap. */
export function SwapProblemsQueue() {
  const query = useSwapProblemQueue();
  const [deciding, setDeciding] = useState<{ problem: SwapProblemCase; decision: SwapProblemDecision } | null>(null);
  const problems = query.data?.pages.flatMap((page) => page.problems) ?? [];
  return (
    <AdminSection headingId="swap-problems-heading" heading={t.heading} intro={t.intro}>
      <PagedQueryList
        query={query}
        items={problems}
        keyOf={(problem) => problem.id}
        renderItem={(problem) => (
          <SwapProblemCard
            problem={problem}
            onDecide={(decision) => {
              setDeciding({ problem, decision });
            }}
          />
        )}
        texts={t}
        empty={<EmptyState title={t.emptyTitle} body={t.emptyBody} />}
      />
      <DecisionDialog
        target={deciding}
        onClose={() => {
          setDeciding(null);
        }}
      />
    </AdminSection>
  );
}

function SwapProblemCard({ problem, onDecide }: { problem: SwapProblemCase; onDecide: (decision: SwapProblemDecision) => void }) {
  const headingId = `swap-problem-${problem.id}`;
  const { proposal } = problem;
  const nameOf = (side: ProposalOffer['offeredBy']) => memberName(side === 'sender' ? proposal.sender : proposal.receiver);
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold text-stone-900">
          {t.swap({ item: proposal.item.title })}
        </h3>
        <Badge tone="warning">{t.reasons[problem.reason]}</Badge>
        <time dateTime={problem.createdAt} className="text-sm text-stone-600">
          {when().format(new Date(problem.createdAt))}
        </time>
      </div>
      <p className="text-sm text-stone-700">{t.reportedBy({ name: memberName(problem.reporter) })}</p>
      {problem.note && <p className="text-sm whitespace-pre-line text-stone-800">{problem.note}</p>}
      <ThumbnailLinks images={problem.photos} altOf={(position) => t.photoOf({ name: memberName(problem.reporter), position })} />
      <p className="text-sm text-stone-700">
        {terms(memberName(proposal.sender), memberName(proposal.receiver), proposal.pointsOffer, proposal.offerItem?.title)}
      </p>
      <div className="flex flex-col gap-1.5">
        <h4 className="text-sm font-medium text-stone-800">{t.thread}</h4>
        <ol className="flex flex-col gap-1 text-sm text-stone-700">
          {proposal.thread.map((offer) => (
            <li key={offer.id}>
              {offerLine(nameOf(offer.offeredBy), offer)}
              {offer.message && <span className="block whitespace-pre-line text-stone-600">{offer.message}</span>}
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/proposals/${proposal.id}`} className="text-sm font-medium text-emerald-800 underline-offset-2 hover:underline">
          {t.openProposal}
        </Link>
        <Button
          variant="secondary"
          onClick={() => {
            onDecide('dismiss');
          }}
        >
          {t.dismiss}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onDecide('reverse');
          }}
        >
          {t.reverse}
        </Button>
      </div>
    </li>
  );
}

function DecisionDialog({
  target,
  onClose,
}: {
  target: { problem: SwapProblemCase; decision: SwapProblemDecision } | null;
  onClose: () => void;
}) {
  const decide = useDecideSwapProblem();
  const reversing = target?.decision === 'reverse';
  return (
    <ReasonDialog
      open={target !== null}
      onClose={onClose}
      title={reversing ? t.reverseTitle : t.dismissTitle}
      description={reversing ? t.reverseBody({ points: target.problem.proposal.pointsOffer }) : t.dismissBody}
      label={t.reason}
      confirmLabel={reversing ? t.reverse : t.dismiss}
      danger={reversing}
      pending={decide.isPending}
      onSubmit={async (reason) => {
        if (!target) return false;
        let answer;
        try {
          answer = await decide.mutateAsync({ problemId: target.problem.id, decision: target.decision, reason });
        } catch (failure) {
          toast.error(errorMessage(failure, t.failed));
          return false;
        }
        if (answer && answer.shortfall > 0) toast.success(t.reversedWithShortfall({ shortfall: answer.shortfall }));
        else toast.success(target.decision === 'reverse' ? TEXT.swapProblems.reversed : TEXT.swapProblems.dismissed);
        return true;
      }}
    />
  );
}
