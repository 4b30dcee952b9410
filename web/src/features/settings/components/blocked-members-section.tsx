import { useId } from 'react';
import type { BlockedMember } from '@swapyard/contract';
import { useBlockedMembers } from '../../../api/blocked-members.ts';
import { useUnblockMember } from '../../../api/member-block.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { memberInitial, memberName } from '../../../lib/current-user.ts';
import { formatMonthDayYear } from '../../../lib/format-date.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.blockedMembers;

export function BlockedMembersSection() {
  const query = useBlockedMembers();
  const unblock = useUnblockMember();

  return (
    <SectionCard title={t.heading} description={t.description}>
      <QueryState query={query} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-6">
        {(blocked) =>
          blocked.length === 0 ? (
            <p className="text-sm text-stone-600">{t.none}</p>
          ) : (
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
          )
        }
      </QueryState>
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
