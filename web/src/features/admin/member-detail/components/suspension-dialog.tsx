import { zodResolver } from '@hookform/resolvers/zod';
import { suspendBody, SUSPENSION_DURATIONS, SUSPENSION_REASON_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../../lib/texts.ts';
import { toast } from '../../../../lib/toast.ts';
import { useLiftSuspension } from '../api/lift-suspension.ts';
import { useSuspendMember } from '../api/suspend-member.ts';
import { ADMIN_TEXT } from '../../texts.ts';

const t = ADMIN_TEXT.memberDetail;

// Lifting asks only for the reason; one form serves both, the duration left out of the lift's.
const schemas = { suspend: suspendBody, lift: suspendBody.partial({ duration: true }) };

interface SuspensionDialogProps {
  action: 'suspend' | 'lift';
  open: boolean;
  onClose: () => void;
  memberId: string;
  memberName: string;
}

/** Suspend (how long and why) or lift (why): the reason is required and kept in the audit log. */
export function SuspensionDialog({ action, open, onClose, memberId, memberName }: SuspensionDialogProps) {
  const suspendMutation = useSuspendMember(memberId);
  const liftMutation = useLiftSuspension(memberId);
  const suspending = action === 'suspend';
  const pending = suspendMutation.isPending || liftMutation.isPending;
  const legendId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schemas[action]), defaultValues: { reason: '' } });

  const close = () => {
    onClose();
    reset();
  };

  const onSubmit = handleSubmit(async ({ duration, reason }) => {
    try {
      if (duration) await suspendMutation.mutateAsync({ duration, reason });
      else await liftMutation.mutateAsync({ reason });
    } catch (error) {
      toast.error(errorMessage(error, suspending ? t.suspendFailed : t.liftFailed));
      return;
    }
    toast.success(suspending ? TEXT.suspensions.suspended : TEXT.suspensions.lifted);
    close();
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={suspending ? t.suspendTitle({ name: memberName }) : t.liftTitle({ name: memberName })}
      description={suspending ? t.suspendBody : t.liftBody}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex w-full flex-col gap-5">
        {suspending && (
          <div
            role="radiogroup"
            aria-labelledby={legendId}
            aria-required="true"
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={errors.duration ? errorId : undefined}
            className="flex flex-col gap-2"
          >
            <p id={legendId} className="mb-1 text-sm font-medium text-stone-800">
              {t.durationLegend}
            </p>
            {SUSPENSION_DURATIONS.map((duration, index) => (
              <label key={duration} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  value={duration}
                  // The first choice takes focus: Enter alone submits nothing, as a reason is still missing.
                  autoFocus={index === 0}
                  className="size-4 accent-emerald-700"
                  {...register('duration')}
                />
                {t.durations[duration]}
              </label>
            ))}
            {errors.duration && (
              <p id={errorId} className="text-sm text-red-700">
                {errors.duration.message}
              </p>
            )}
          </div>
        )}
        <Textarea
          label={t.reasonLabel}
          hint={t.reasonHint}
          maxLength={SUSPENSION_REASON_MAX_LENGTH}
          required
          rows={3}
          autoFocus={!suspending}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={pending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" variant={suspending ? 'danger' : 'primary'} loading={pending}>
            {suspending ? t.confirmSuspend : t.confirmLift}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
