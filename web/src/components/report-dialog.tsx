import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, TEXT, type ReportBody, type ReportReason, type ReportTargetType } from '@swapyard/contract';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { toast } from '../lib/toast.ts';
import { REPORT_TEXT as t } from './report-texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { DialogButton } from './ui/dialog-button.tsx';
import { Textarea } from './ui/textarea.tsx';

/** The feature hands in the report call (web/src/api/report.ts): a component never reaches the API itself. */
export interface ReportSender {
  mutateAsync: (body: ReportBody) => Promise<unknown>;
  isPending: boolean;
}

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  sender: ReportSender;
}

/** A reason (required) and an optional note; the answer, thanks or a refusal, is a toast. */
export function ReportDialog({ open, onClose, targetType, targetId, sender }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const legendId = useId();
  const errorId = useId();

  const close = () => {
    setReason(null);
    setNote('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(TEXT.reports.reasonRequired);
      return;
    }
    try {
      await sender.mutateAsync({ targetType, targetId, reason, note });
      toast.success(TEXT.reports.thanks);
    } catch (failure) {
      toast.error(errorMessage(failure, TEXT.reports.failed));
    }
    close();
  };

  return (
    <Dialog open={open} onClose={close} title={t.titles[targetType]} description={t.description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex w-full flex-col gap-5">
        <fieldset
          aria-labelledby={legendId}
          aria-describedby={error ? errorId : undefined}
          className="flex flex-col gap-2"
        >
          <legend id={legendId} className="mb-1 text-sm font-medium text-stone-800">
            {t.reasonLegend}
          </legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50">
              <input
                type="radio"
                name={name}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
                className="size-4 accent-emerald-700"
              />
              <span className="text-sm text-stone-900">{t.reasons[value]}</span>
            </label>
          ))}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </fieldset>
        <Textarea
          label={t.note}
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={sender.isPending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" loading={sender.isPending}>
            {t.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A Report button and its dialog, for a listing or a profile. */
export function ReportButton({ targetType, targetId, sender }: Omit<ReportDialogProps, 'open' | 'onClose'>) {
  return (
    <DialogButton
      icon={Flag}
      label={t.button}
      dialog={(state) => <ReportDialog {...state} targetType={targetType} targetId={targetId} sender={sender} />}
    />
  );
}
