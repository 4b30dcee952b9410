import { HANDOVER_PLACE_MAX_LENGTH, handoverBody, TEXT, type Proposal } from '@swapyard/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { firstName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useArrangeHandover } from '../api/arrange-handover.ts';
import { useConfirmHandover } from '../api/confirm-handover.ts';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;

type Handover = NonNullable<Proposal['handover']>;

/**
 * After Accept: where and when the two members meet, each side's confirmation, and the viewer's
 * Confirm. Once both confirmed, only what happened is shown.
 */
export function HandoverSection({ proposal }: { proposal: Proposal }) {
  const headingId = useId();
  const { handover } = proposal;
  if (!handover) return null;
  const isSender = proposal.viewerRole === 'sender';
  const other = isSender ? proposal.receiver : proposal.sender;
  const viewerConfirmedAt = isSender ? handover.senderConfirmedAt : handover.receiverConfirmedAt;
  const otherConfirmedAt = isSender ? handover.receiverConfirmedAt : handover.senderConfirmedAt;

  return (
    <Card className="flex flex-col gap-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {proposal.completedAt ? t.handover : t.arrangeHandover}
        </h2>
        {proposal.completedAt ? (
          <p className="font-medium text-emerald-800">{t.completedOn({ when: formatDateTime(proposal.completedAt) })}</p>
        ) : (
          <p className="text-sm text-stone-700">{t.handoverIntro}</p>
        )}
        <Arrangement handover={handover} />
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-stone-800">{t.confirmations}</h3>
          <dl data-testid="handover-confirmations" className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-stone-700">{t.you}</dt>
            <dd className="text-stone-600">{confirmation(viewerConfirmedAt)}</dd>
            <dt className="font-medium text-stone-700">{firstName(other)}</dt>
            <dd className="text-stone-600">{confirmation(otherConfirmedAt)}</dd>
          </dl>
        </div>
        {!proposal.completedAt && (
          <>
            <ArrangeForm
              // A change saved by the other side refills the form with it.
              key={`${handover.place ?? ''}|${handover.at ?? ''}`}
              proposalId={proposal.id}
              handover={handover}
            />
            {viewerConfirmedAt === null && (
              <ConfirmButton
                proposalId={proposal.id}
                question={isSender ? t.confirmReceived({ item: proposal.item.title }) : t.confirmHandedOver({ item: proposal.item.title })}
              />
            )}
          </>
        )}
      </section>
    </Card>
  );
}

function confirmation(at: string | null): string {
  return at ? t.confirmedOn({ when: formatDateTime(at) }) : t.notConfirmed;
}

function Arrangement({ handover }: { handover: Handover }) {
  if (handover.place === null || handover.at === null) return <p className="text-sm text-stone-600">{t.notArranged}</p>;
  return (
    <dl data-testid="handover-arrangement" className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-stone-700">{t.place}</dt>
      <dd className="text-stone-900">{handover.place}</dd>
      <dt className="font-medium text-stone-700">{t.when}</dt>
      <dd className="text-stone-900">
        <time dateTime={handover.at}>{formatDateTime(handover.at)}</time>
      </dd>
    </dl>
  );
}

/** The value a datetime-local input shows for an instant, in the browser's own time zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function ArrangeForm({ proposalId, handover }: { proposalId: string; handover: Handover }) {
  const [place, setPlace] = useState(handover.place ?? '');
  const [when, setWhen] = useState(localInputValue(handover.at));
  const [errors, setErrors] = useState<{ place?: string | undefined; at?: string | undefined }>({});
  const arrange = useArrangeHandover();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const instant = when ? new Date(when) : null;
    const parsed = handoverBody.safeParse({
      place,
      at: instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : '',
    });
    if (!parsed.success) {
      const messageFor = (field: 'place' | 'at') => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ place: messageFor('place'), at: messageFor('at') });
      return;
    }
    setErrors({});
    arrange.mutate(
      { proposalId, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(TEXT.proposals.handoverSaved);
        },
        onError: (failure) => {
          toast.error(errorMessage(failure, t.handoverSaveFailed));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-lg flex-col gap-4">
      <Input
        label={t.place}
        placeholder={t.placePlaceholder}
        maxLength={HANDOVER_PLACE_MAX_LENGTH}
        value={place}
        error={errors.place}
        onChange={(event) => {
          setPlace(event.target.value);
        }}
      />
      <Input
        label={t.when}
        type="datetime-local"
        value={when}
        error={errors.at}
        onChange={(event) => {
          setWhen(event.target.value);
        }}
      />
      <Button type="submit" variant="secondary" loading={arrange.isPending} className="self-start">
        {t.saveHandover}
      </Button>
    </form>
  );
}

function ConfirmButton({ proposalId, question }: { proposalId: string; question: string }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useConfirmHandover();
  const close = () => {
    setConfirming(false);
  };

  const onConfirm = () => {
    confirm.mutate(proposalId, {
      onSuccess: (proposal) => {
        toast.success(proposal.completedAt ? TEXT.proposals.swapCompleted : TEXT.proposals.handoverConfirmed);
      },
      onError: (error) => {
        toast.error(errorMessage(error, t.confirmFailed));
      },
      onSettled: close,
    });
  };

  return (
    <div>
      <Button
        onClick={() => {
          setConfirming(true);
        }}
      >
        {t.confirmHandover}
      </Button>
      <Dialog open={confirming} onClose={close} title={question} description={t.confirmBody}>
        <Button variant="secondary" autoFocus onClick={close}>
          {t.notYet}
        </Button>
        <Button onClick={onConfirm} loading={confirm.isPending}>
          {t.confirmHandover}
        </Button>
      </Dialog>
    </div>
  );
}
