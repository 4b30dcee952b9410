import { TEXT, type MemberDetail, type Suspension } from '@swapyard/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { usePageTitle } from '../../../../lib/document-title.ts';
import { formatDateTime } from '../../../../lib/format-date-time.ts';
import { formatMonthDayYear } from '../../../../lib/format-date.ts';
import { isNotFound } from '../../../../lib/not-found.ts';
import { useErrorToast } from '../../../../lib/use-error-toast.ts';
import { useMember } from '../api/get-member.ts';
import { SuspensionDialog } from '../components/suspension-dialog.tsx';
import { ADMIN_TEXT } from '../../texts.ts';

const t = ADMIN_TEXT.memberDetail;

export function MemberDetailPage() {
  const { id = '' } = useParams();
  const { data: member, error, refetch } = useMember(id);
  const failed = error && !member && !isNotFound(error) ? errorMessage(error, t.loadFailed) : null;
  useErrorToast(failed);
  usePageTitle(member?.displayName);

  if (!member) {
    if (error && isNotFound(error)) return <EmptyState title={TEXT.suspensions.memberNotFound} />;
    if (failed) return <LoadFailed message={failed} onRetry={() => void refetch()} />;
    return <LoadingState label={TEXT.shell.loading} className="py-16" />;
  }
  return <MemberCard member={member} />;
}

const staffName = (person: Suspension['by']) => person?.displayName ?? t.formerStaff;

function suspendedUntil(suspension: Suspension): string {
  return suspension.endsAt ? t.suspendedUntil({ date: formatDateTime(suspension.endsAt) }) : t.suspendedIndefinitely;
}

function MemberCard({ member }: { member: MemberDetail }) {
  const [dialog, setDialog] = useState<'suspend' | 'lift' | null>(null);
  const active = member.activeSuspension;
  const close = () => {
    setDialog(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-stone-900">{member.displayName}</h2>
          <Badge tone={active ? 'warning' : 'success'}>{active ? suspendedUntil(active) : t.active}</Badge>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-stone-600">{t.email}</dt>
          <dd className="break-all text-stone-900">{member.email}</dd>
          <dt className="font-medium text-stone-600">{t.role}</dt>
          <dd className="text-stone-900">{t.roles[member.role]}</dd>
          <dt className="font-medium text-stone-600">{t.joined}</dt>
          <dd className="text-stone-900">{formatMonthDayYear(member.joinedAt)}</dd>
          <dt className="font-medium text-stone-600">{t.openReports}</dt>
          <dd className="text-stone-900">{member.openReports}</dd>
          {active && (
            <>
              <dt className="font-medium text-stone-600">{t.status}</dt>
              <dd className="text-stone-900">
                {suspendedUntil(active)} {t.suspendedBy({ name: staffName(active.by) })}
              </dd>
              <dt className="font-medium text-stone-600">{t.reason}</dt>
              <dd className="whitespace-pre-line text-stone-900">{active.reason}</dd>
            </>
          )}
        </dl>
        {member.canAct ? (
          <div>
            {active ? (
              <Button
                onClick={() => {
                  setDialog('lift');
                }}
              >
                {t.lift}
              </Button>
            ) : (
              <Button
                variant="danger"
                onClick={() => {
                  setDialog('suspend');
                }}
              >
                {t.suspend}
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-stone-600">{t.cannotAct}</p>
        )}
      </Card>
      <section aria-labelledby="suspension-history" className="flex flex-col gap-3">
        <h3 id="suspension-history" className="text-lg font-semibold text-stone-900">
          {t.historyHeading}
        </h3>
        {member.suspensions.length === 0 ? (
          <p className="text-sm text-stone-600">{t.noHistory}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {member.suspensions.map((suspension) => (
              <li key={suspension.id} className="rounded-xl border border-stone-200 bg-white p-4 text-sm">
                <p className="font-medium text-stone-900">
                  {suspension.endsAt
                    ? t.historyEntry({ from: formatDateTime(suspension.startsAt), to: formatDateTime(suspension.endsAt) })
                    : t.historyEntryOpen({ from: formatDateTime(suspension.startsAt) })}{' '}
                  {t.suspendedBy({ name: staffName(suspension.by) })}
                </p>
                <p className="mt-1 whitespace-pre-line text-stone-700">{suspension.reason}</p>
                {suspension.liftedAt && (
                  <p className="mt-1 text-stone-600">{t.liftedOn({ date: formatDateTime(suspension.liftedAt), name: staffName(suspension.liftedBy) })}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {(['suspend', 'lift'] as const).map((action) => (
        <SuspensionDialog
          key={action}
          action={action}
          open={dialog === action}
          onClose={close}
          memberId={member.id}
          memberName={member.displayName}
        />
      ))}
    </div>
  );
}
