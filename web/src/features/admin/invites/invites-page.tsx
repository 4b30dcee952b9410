import { INVITE_MAX_DAYS, INVITE_MAX_USES, TEXT, type InviteSummary } from '@swapyard/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCommunity } from '../../../api/community.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { useCreateInvite } from './api/create-invite.ts';
import { useInvites } from './api/list-invites.ts';
import { useRevokeInvite } from './api/revoke-invite.ts';

const t = ADMIN_TEXT.invites;

/** Invite links for an invite-only community: admins and moderators make them, see how they are used, revoke them. */
export function InvitesPage() {
  const community = useCommunity();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      {community && community.joinMode !== 'invite' && <Alert tone="success">{t.notInviteOnly}</Alert>}
      <CreateInvite />
      <InviteList />
    </div>
  );
}

function CreateInvite() {
  const create = useCreateInvite();
  const [link, setLink] = useState<string>();
  const { register, handleSubmit } = useForm({ defaultValues: { maxUses: 1, expiresInDays: 7 } });

  const onSubmit = handleSubmit(async (values) => {
    let token: string;
    try {
      ({ token } = await create.mutateAsync(values));
    } catch {
      return; // shown in the banner from the mutation's error
    }
    setLink(`${window.location.origin}/register?invite=${encodeURIComponent(token)}`);
    toast.success(TEXT.community.inviteCreated);
  });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };

  return (
    <SectionCard title={t.createHeading} description={t.createDescription}>
      {create.isError && <Alert tone="error">{errorMessage(create.error, t.createFailed)}</Alert>}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t.maxUsesLabel} type="number" inputMode="numeric" min={1} max={INVITE_MAX_USES} step={1} {...register('maxUses', { valueAsNumber: true })} />
          <Input label={t.expiresInDaysLabel} type="number" inputMode="numeric" min={1} max={INVITE_MAX_DAYS} step={1} {...register('expiresInDays', { valueAsNumber: true })} />
        </div>
        <Button type="submit" loading={create.isPending} className="self-start">
          {t.create}
        </Button>
      </form>
      {link && (
        <div className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <Input label={t.linkLabel} hint={t.linkShownOnce} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" className="self-start" onClick={() => void copy(link)}>
            {t.copy}
          </Button>
        </div>
      )}
    </SectionCard>
  );
}

function InviteList() {
  const headingId = useId();
  const invites = useInvites();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {t.listHeading}
      </h2>
      <QueryState query={invites} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-8">
        {(data) =>
          data.length === 0 ? (
            <EmptyState title={t.empty} />
          ) : (
            <ul className="flex flex-col gap-2">
              {data.map((invite) => (
                <InviteRow key={invite.id} invite={invite} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function InviteRow({ invite }: { invite: InviteSummary }) {
  const revoke = useRevokeInvite();
  const created = formatDateTime(invite.createdAt);
  const expires = formatDateTime(invite.expiresAt);
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invite.id);
    } catch (error) {
      toast.error(errorMessage(error, t.revokeFailed));
      return;
    }
    toast.success(TEXT.community.inviteRevokedToast);
  };
  return (
    <li>
      <Card className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1 text-sm text-stone-700">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={invite.status === 'active' ? 'success' : invite.status === 'revoked' ? 'warning' : 'neutral'}>{t.status[invite.status]}</Badge>
            <span className="font-medium text-stone-900">{t.uses({ uses: invite.uses, max: invite.maxUses })}</span>
          </div>
          <span>{invite.status === 'expired' ? t.expired({ date: expires }) : t.expires({ date: expires })}</span>
          <span className="text-stone-600">{invite.createdByName ? t.createdBy({ name: invite.createdByName, date: created }) : t.createdOn({ date: created })}</span>
        </div>
        {invite.status === 'active' && (
          <Button variant="secondary" loading={revoke.isPending} aria-label={t.revokeLabel({ date: created })} onClick={() => void onRevoke()}>
            {t.revoke}
          </Button>
        )}
      </Card>
    </li>
  );
}
