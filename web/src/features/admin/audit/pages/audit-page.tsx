import type { AuditEntry } from '@swapyard/contract';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { PagedQueryList } from '../../../../components/ui/paged-list.tsx';
import { RichText } from '../../../../components/ui/rich-text.tsx';
import { Select } from '../../../../components/ui/select.tsx';
import { usePageTitle } from '../../../../lib/document-title.ts';
import { AdminSection } from '../../components/admin-section.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { useAuditLog } from '../api/list-audit.ts';
import { dateTimeFormat } from '../../../../lib/intl.ts';
import { putParam, useChangeSearchParams } from '../../../../lib/use-change-search-params.ts';

const t = ADMIN_TEXT.audit;
const when = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });
const UUID = /^[0-9a-f-]{36}$/;

/** /admin/audit: every action, newest first; the filters live in the address, so a filtered view can be shared. */
export function AuditPage() {
  usePageTitle(t.title);
  const [params] = useSearchParams();
  const changeSearchParams = useChangeSearchParams();
  const clean = (name: string) => {
    const value = params.get(name) ?? '';
    return UUID.test(value) ? value : '';
  };
  const filters = { actorId: clean('actor'), targetUserId: clean('member') };
  const query = useAuditLog(filters);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const actors = query.data?.pages[0]?.actors ?? [];

  const setFilter = (name: 'actor' | 'member', value: string) => {
    changeSearchParams(
      (params) => {
        putParam(params, name, value);
      },
      { replace: true },
    );
  };

  return (
    <AdminSection headingId="audit-heading" heading={t.title} intro={t.intro}>
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={t.byModerator}
          value={filters.actorId}
          onChange={(event) => {
            setFilter('actor', event.target.value);
          }}
          className="w-full sm:w-64"
        >
          <option value="">{t.everyone}</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </Select>
        {filters.targetUserId && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-stone-700">{t.showingMember}</p>
            <Button
              variant="secondary"
              onClick={() => {
                setFilter('member', '');
              }}
            >
              {t.clearMember}
            </Button>
          </div>
        )}
      </div>
      <PagedQueryList
        query={query}
        items={entries}
        keyOf={(entry) => entry.id}
        renderItem={(entry) => (
          <AuditRow
            entry={entry}
            filteredByMember={filters.targetUserId !== ''}
            onOnlyMember={(memberId) => {
              setFilter('member', memberId);
            }}
          />
        )}
        texts={t}
        empty={<EmptyState title={filters.actorId || filters.targetUserId ? t.emptyFiltered : t.emptyTitle} />}
      />
    </AdminSection>
  );
}

function AuditRow({
  entry,
  filteredByMember,
  onOnlyMember,
}: {
  entry: AuditEntry;
  filteredByMember: boolean;
  onOnlyMember: (memberId: string) => void;
}) {
  const targetUserId = entry.targetUserId;
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm">
      <p className="text-stone-900">
        {/* The sentence gives only where the names go: they are drawn from the entry itself, so nothing in them
            (a message's line breaks, a "<" in a title) is taken for the sentence's markup. */}
        <RichText
          text={t.actions[entry.action]({ actor: '', target: '' })}
          parts={{
            actor: () => <span className="font-semibold">{entry.actorName}</span>,
            target: () =>
              entry.targetType === 'item' ? (
                <Link to={`/item/${entry.targetId}`} className="font-medium text-emerald-800 hover:underline">
                  {entry.targetLabel}
                </Link>
              ) : (
                <span className="font-medium">{entry.targetLabel}</span>
              ),
          }}
        />
      </p>
      {entry.reason && (
        <p className="whitespace-pre-line text-stone-700">
          {t.reason}: {entry.reason}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-stone-600">
        <time dateTime={entry.createdAt}>{when().format(new Date(entry.createdAt))}</time>
        {targetUserId && !filteredByMember && (
          <button
            type="button"
            onClick={() => {
              onOnlyMember(targetUserId);
            }}
            className="min-h-11 text-emerald-800 underline-offset-2 hover:underline"
          >
            {t.onlyMember}
          </button>
        )}
      </div>
    </li>
  );
}
