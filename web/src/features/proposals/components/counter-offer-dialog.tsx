import { zodResolver } from '@hookform/resolvers/zod';
import { PROPOSAL_MESSAGE_MAX_LENGTH, TEXT, type Proposal } from '@swapyard/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PointsInput } from '../../../components/ui/points-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useCounterProposal } from '../api/counter-proposal.ts';
import { PROPOSALS_TEXT } from '../texts.ts';
import { OfferItemPicker, proposeFormSchema } from './propose-form.tsx';

const t = PROPOSALS_TEXT;

interface CounterOfferDialogProps {
  proposal: Proposal;
  open: boolean;
  onClose: () => void;
}

/**
 * New terms for the same swap, starting from the current ones: the points the sender gives and
 * the sender's item, if any. The receiver asks; the sender offers and is held to their balance.
 */
export function CounterOfferDialog({ proposal, open, onClose }: CounterOfferDialogProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const counter = useCounterProposal();
  const viewerPays = proposal.viewerRole === 'sender';
  const schema = useMemo(() => proposeFormSchema(viewerPays ? user.points : Number.POSITIVE_INFINITY), [viewerPays, user.points]);
  const defaults = { message: '', pointsOffer: String(proposal.pointsOffer), offerItemId: proposal.offerItem?.id ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: defaults });

  const close = () => {
    reset(defaults);
    onClose();
  };

  const onSubmit = handleSubmit(async (body) => {
    let counterId: string;
    try {
      counterId = (await counter.mutateAsync({ id: proposal.id, body })).id;
    } catch (error) {
      toast.error(errorMessage(error, TEXT.proposals.counterFailed));
      return;
    }
    toast.success(TEXT.proposals.countered);
    close();
    await navigate(`/proposals/${counterId}`, { replace: true });
  });

  return (
    <Dialog open={open} onClose={close} title={t.counterTitle} description={t.counterBody({ item: proposal.item.title })}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex w-full flex-col gap-5">
        <PointsInput
          label={viewerPays ? t.pointsOffered : t.pointsAsked}
          hint={viewerPays ? t.youHave({ points: user.points }) : undefined}
          error={errors.pointsOffer?.message}
          {...register('pointsOffer')}
        />
        <OfferItemPicker
          userId={proposal.sender.id}
          label={viewerPays ? t.itemOffered : t.itemWanted}
          current={proposal.offerItem}
          error={errors.offerItemId?.message}
          {...register('offerItemId')}
        />
        <Textarea
          label={t.message}
          required
          rows={3}
          maxLength={PROPOSAL_MESSAGE_MAX_LENGTH}
          error={errors.message?.message}
          {...register('message')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={counter.isPending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" loading={counter.isPending}>
            {t.sendCounter}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
