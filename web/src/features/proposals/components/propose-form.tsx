import { zodResolver } from '@hookform/resolvers/zod';
import { PROPOSAL_MESSAGE_MAX_LENGTH, proposalCreateBody, TEXT, type ItemCard } from '@swapyard/contract';
import { useMemo } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { useMemberItems } from '../../../api/member-items.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PointsInput } from '../../../components/ui/points-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateProposal } from '../api/create-proposal.ts';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;
const { message, pointsOffer, offerItemId } = proposalCreateBody.shape;

/**
 * The contract's rules on the form's strings, plus the one only the client can check early: the
 * balance (a counter-offer asking the other member for points leaves that to the server).
 */
export function proposeFormSchema(pointsHeld: number) {
  return z.object({
    message,
    // An empty field offers no points.
    pointsOffer: z
      .string()
      .trim()
      .transform((raw) => (raw === '' ? 0 : Number(raw)))
      .pipe(pointsOffer.unwrap())
      .refine((points) => points <= pointsHeld, TEXT.proposals.notEnoughPoints),
    offerItemId: z
      .string()
      .transform((raw) => (raw === '' ? null : raw))
      .pipe(offerItemId.unwrap()),
  });
}

export function ProposeForm({ itemId }: { itemId: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateProposal();
  const schema = useMemo(() => proposeFormSchema(user.points), [user.points]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { message: '', pointsOffer: '', offerItemId: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let proposalId: string;
    try {
      proposalId = (await create.mutateAsync({ itemId, ...values })).id;
    } catch (error) {
      toast.error(errorMessage(error, TEXT.proposals.sendFailed));
      return;
    }
    toast.success(TEXT.proposals.sent);
    await navigate(`/proposals/${proposalId}`);
  });

  const goBack = () => {
    // Opened by a direct link there is nothing in this app to go back to.
    void (location.key === 'default' ? navigate(`/item/${itemId}`) : navigate(-1));
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <Textarea
        label={t.message}
        required
        rows={5}
        maxLength={PROPOSAL_MESSAGE_MAX_LENGTH}
        placeholder={t.messagePlaceholder}
        error={errors.message?.message}
        {...register('message')}
      />
      <PointsInput
        label={t.pointsToAdd}
        hint={t.youHave({ points: user.points })}
        error={errors.pointsOffer?.message}
        {...register('pointsOffer')}
      />
      <OfferItemPicker userId={user.id} label={t.offerItem} error={errors.offerItemId?.message} {...register('offerItemId')} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={create.isPending}>
          {t.sendProposal}
        </Button>
        <Button variant="secondary" onClick={goBack}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

interface OfferItemPickerProps extends UseFormRegisterReturn<'offerItemId'> {
  /** The sender, whose available items may be offered: the viewer, or in a counter-offer the other member. */
  userId: string;
  label: string;
  error: string | undefined;
  /** Kept listed while the member's items load, so the form's current choice shows from the start. */
  current?: ItemCard | null;
}

/** DESIGN.md: a picker of the sender's own available items instead of SPEC's free-text id. */
export function OfferItemPicker({ userId, label, error, current = null, ...field }: OfferItemPickerProps) {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useMemberItems(userId, 'available');
  const loaded: ItemCard[] = data?.pages.flatMap((page) => page.items) ?? [];
  const available = current && !loaded.some((item) => item.id === current.id) ? [current, ...loaded] : loaded;

  let hint: string | undefined;
  if (isPending) hint = t.loadingOwnItems;
  else if (isError) hint = t.ownItemsFailed;
  else if (available.length === 0 && !hasNextPage) hint = t.noOwnItems;

  return (
    <div className="flex flex-col gap-1.5">
      <Select label={label} hint={hint} error={error} {...field}>
        <option value="">{t.noItem}</option>
        {available.map((item) => (
          <option key={item.id} value={item.id}>
            {t.offerOption({ title: item.title, value: item.value })}
          </option>
        ))}
      </Select>
      {hasNextPage && (
        <Button
          variant="ghost"
          className="self-start"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage({ cancelRefetch: false })}
        >
          {t.moreOwnItems}
        </Button>
      )}
    </div>
  );
}
