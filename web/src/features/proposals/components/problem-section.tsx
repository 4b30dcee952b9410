import {
  MAX_SWAP_PROBLEM_PHOTOS,
  SWAP_PROBLEM_NOTE_MAX_LENGTH,
  SWAP_PROBLEM_REASONS,
  SWAP_PROBLEM_WINDOW_DAYS,
  TEXT,
  type Proposal,
  type SwapProblemReason,
} from '@swapyard/contract';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ThumbnailLinks } from '../../../components/thumbnail-links.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../../../lib/image-files.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useProposalProblems } from '../api/proposal-problems.ts';
import { useReportProblem } from '../api/report-problem.ts';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;
const WINDOW_MS = SWAP_PROBLEM_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/**
 * After Accept: either side may report a problem within the window; once a moderator reversed the
 * swap, both read that it was, and why.
 */
export function ProblemSection({ proposal }: { proposal: Proposal }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // The window is days long: the time the page opened decides it well enough.
  const [openedAt] = useState(() => Date.now());
  const happened = proposal.status === 'accepted' || proposal.status === 'reversed';
  const { data } = useProposalProblems(proposal.id, happened);
  if (!happened) return null;

  if (proposal.status === 'reversed') {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {t.reversedHeading}
        </h2>
        {proposal.reversedAt && <p className="text-stone-800">{t.reversedOn({ when: formatDateTime(proposal.reversedAt) })}</p>}
        {data?.reversalReason && <p className="text-stone-800">{t.reversedReason({ reason: data.reversalReason })}</p>}
      </section>
    );
  }

  const acceptedAt = proposal.resolvedAt ? Date.parse(proposal.resolvedAt) : 0;
  const inWindow = openedAt - acceptedAt <= WINDOW_MS;
  const latest = data?.problems[0];
  if (!inWindow && !latest) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {t.problemHeading}
      </h2>
      {latest?.status === 'open' && <p className="text-stone-800">{t.problemOpen({ reason: t.problemReasons[latest.reason] })}</p>}
      {latest?.status === 'dismissed' && <p className="text-stone-800">{t.problemDismissed({ reason: latest.resolution })}</p>}
      {latest && <ThumbnailLinks images={latest.photos} altOf={(position) => t.problemPhoto({ position })} />}
      {inWindow && latest?.status !== 'open' && (
        <>
          <p className="text-sm text-stone-600">{t.problemIntro({ days: SWAP_PROBLEM_WINDOW_DAYS })}</p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              setOpen(true);
            }}
          >
            {t.reportProblem}
          </Button>
        </>
      )}
      <ReportProblemDialog
        proposalId={proposal.id}
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    </section>
  );
}

function ReportProblemDialog({ proposalId, open, onClose }: { proposalId: string; open: boolean; onClose: () => void }) {
  const report = useReportProblem();
  const [reason, setReason] = useState<SwapProblemReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setNote('');
    setPhotos([]);
    setError(undefined);
    setPhotoError(undefined);
    onClose();
  };

  // Checked when picked, as the listing form does; the server checks the bytes again.
  const choosePhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const problems = await Promise.all(chosen.map(imageFileProblem));
    const problem = problems.find(Boolean) ?? (chosen.length > MAX_SWAP_PROBLEM_PHOTOS ? TEXT.swapProblems.tooManyPhotos({ max: MAX_SWAP_PROBLEM_PHOTOS }) : undefined);
    setPhotoError(problem ?? undefined);
    setPhotos(problem ? [] : chosen);
    if (problem) event.target.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(TEXT.swapProblems.reasonRequired);
      return;
    }
    try {
      await report.mutateAsync({ proposalId, body: { reason, note }, photos });
    } catch (failure) {
      toast.error(errorMessage(failure, t.reportFailed));
      return;
    }
    toast.success(TEXT.swapProblems.reported);
    close();
  };

  return (
    <Dialog open={open} onClose={close} title={t.reportProblem} description={t.problemDialogBody}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-5">
        <Select
          label={t.problemReason}
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value as SwapProblemReason | '');
            setError(undefined);
          }}
        >
          <option value="">{t.chooseReason}</option>
          {SWAP_PROBLEM_REASONS.map((value) => (
            <option key={value} value={value}>
              {t.problemReasons[value]}
            </option>
          ))}
        </Select>
        <Textarea
          label={t.problemNote}
          rows={3}
          maxLength={SWAP_PROBLEM_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
        <Field label={t.problemPhotos} hint={t.problemPhotosHint({ chosen: photos.length, max: MAX_SWAP_PROBLEM_PHOTOS })} error={photoError}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              multiple
              disabled={report.isPending}
              onChange={(event) => void choosePhotos(event)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={report.isPending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" loading={report.isPending}>
            {t.sendReport}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
