import { useId } from 'react';
import type { BlockedMember } from '@swapyard/contract';
import { useBlockedMembers } from '../../../api/blocked-members.ts';
import { useUnblockMember } from '../../../api/member-block.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { memberInitial, memberName } from '../../../lib/current-user.ts';
import { formatMonthDayYear } from '../../../lib/format-date.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.blockedMembers;

export function BlockedMembersSection() {
  const { data: blocked, isPending, refetch } = useBlockedMembers();
  const unblock = useUnblockMember();

  let content;
  if (isPending) {
    content = <LoadingState label={t.loading} className="py-6" />;
  } else if (!blocked) {
    content = <LoadFailed message={t.loadFailed} onRetry={() => void refetch()} />;
  } else if (blocked.length === 0) {
    content = <p className="text-sm text-stone-600">{t.none}</p>;
  } else {
    content = (
      <ul className="divide-y divide-stone-200">
        {blocked.map((member) => (
          <BlockedMemberRow
            key={member.id}
            member={member}
            onUnblock={() => unblock.mutate(member)}
            unblocking={unblock.isPending && unblock.variables.id === member.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <SectionCard title={t.heading} description={t.description}>
      {content}
    </SectionCard>
  );
}

function BlockedMemberRow({ member, onUnblock, unblocking }: { member: BlockedMember; onUnblock: () => void; unblocking: boolean }) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <Avatar photoUrl={member.photoUrl} initial={memberInitial(member)} />
      <div className="flex min-w-40 flex-1 flex-col gap-0.5">
        <MemberLink member={member} className="font-medium text-stone-900 hover:underline">
          <span id={nameId}>{memberName(member)}</span>
        </MemberLink>
        <p className="text-xs text-stone-600">
          {t.since} <time dateTime={member.blockedAt}>{formatMonthDayYear(member.blockedAt)}</time>
        </p>
      </div>
      {/* Every row's button reads "Unblock": the member's name tells a screen reader which one. */}
      <Button variant="secondary" aria-describedby={nameId} loading={unblocking} onClick={onUnblock}>
        {WEB_TEXT.blocks.unblock}
      </Button>
    </li>
  );
}
