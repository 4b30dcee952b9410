import { EMAIL_MAX_LENGTH } from '@swapyard/contract';
import { useId, useState } from 'react';
import { LoadMore } from '../../../../components/ui/load-more.tsx';
import { QueryState } from '../../../../components/ui/query-state.tsx';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useSettled } from '../../../../lib/use-settled.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { useMembers } from '../api/get-members.ts';
import { MemberRow } from '../components/member-row.tsx';

const t = ADMIN_TEXT.members;

/** Every member, newest first, found by name or email; an admin changes roles here, a moderator reads them. */
export function MembersPage() {
  const user = useCurrentUser();
  const canChangeRoles = user.role === 'admin';
  const [search, setSearch] = useState('');
  const searchId = useId();
  const q = useSettled(search.trim());
  const members = useMembers(q);

  return (
    <section aria-labelledby={`${searchId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${searchId}-heading`} className="text-lg font-semibold text-stone-900">
        {t.heading}
      </h2>
      {!canChangeRoles && <p className="text-sm text-stone-600">{t.readOnlyNote}</p>}
      <label htmlFor={searchId} className="sr-only">
        {t.searchLabel}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={t.searchPlaceholder}
        value={search}
        maxLength={EMAIL_MAX_LENGTH}
        onChange={(event) => setSearch(event.target.value)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm text-stone-900 shadow-sm placeholder:text-stone-500"
      />
      <div className="rounded-2xl border border-stone-200 bg-white p-2">
        <QueryState query={members} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-8">
          {(data) => {
            const shown = data.pages.flatMap((page) => page.members);
            return (
              <>
                {shown.length === 0 ? (
                  <p className="py-8 text-center text-stone-600">{t.noMatches}</p>
                ) : (
                  <ul aria-busy={members.isPlaceholderData || undefined} className={`divide-y divide-stone-200 ${members.isPlaceholderData ? 'opacity-60' : ''}`}>
                    {shown.map((member) => (
                      <MemberRow key={member.id} member={member} canChangeRoles={canChangeRoles} />
                    ))}
                  </ul>
                )}
                <LoadMore query={members} label={t.more} />
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
