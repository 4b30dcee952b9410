import type { ReportGroup } from '@swapyard/contract';
import { Link } from 'react-router';
import { REPORT_TEXT } from '../../../../components/report-texts.ts';
import { ThumbnailLinks } from '../../../../components/thumbnail-links.tsx';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { memberInitial, memberName } from '../../../../lib/current-user.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import type { ModerationAction } from '../api/use-moderate.ts';
import { dateTimeFormat } from '../../../../lib/intl.ts';

const t = ADMIN_TEXT.queue;
const when = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

interface ReportGroupCardProps {
  group: ReportGroup;
  onAction: (action: ModerationAction) => void;
}

/** One reported target: who it belongs to, why it was reported, the target itself, and what can be done. */
export function ReportGroupCard({ group, onAction }: ReportGroupCardProps) {
  const headingId = `report-${group.targetType}-${group.targetId}`;
  const actions: ModerationAction[] = [
    'dismiss',
    ...(group.targetType === 'item' && group.listing && group.listing.hiddenReason === null ? (['hide'] as const) : []),
    ...(group.targetType === 'message' && group.messages?.some((m) => m.reported && !m.removed) ? (['remove'] as const) : []),
    'warn',
  ];
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold text-stone-900">
          {t.kinds[group.targetType]}
        </h3>
        <Badge tone="warning">{t.reportCount({ count: group.count })}</Badge>
        <time dateTime={group.latestAt} className="text-sm text-stone-600">
          {when().format(new Date(group.latestAt))}
        </time>
      </div>

      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span>{t.belongsTo}:</span>
        <Link
          to={`/admin/members/${group.member.id}`}
          title={t.suspendHint}
          className="flex items-center gap-2 font-medium text-emerald-800 underline-offset-2 hover:underline"
        >
          <Avatar photoUrl={group.member.photoUrl} initial={memberInitial(group.member)} className="size-7 text-xs" />
          {memberName(group.member)}
        </Link>
        {group.member.role !== 'member' && <Badge>{t.roleBadge({ role: group.member.role })}</Badge>}
      </p>

      <div className="flex flex-col gap-1.5">
        <h4 className="text-sm font-medium text-stone-800">{t.reasons}</h4>
        <ul className="flex flex-col gap-1 text-sm text-stone-700">
          {group.reports.map((report, index) => (
            <li key={index}>
              <span className="font-medium">{REPORT_TEXT.reasons[report.reason]}</span>
              {report.note && <span className="whitespace-pre-line">: {report.note}</span>}
            </li>
          ))}
        </ul>
      </div>

      <Target group={group} />

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'dismiss' ? 'secondary' : action === 'warn' ? 'secondary' : 'danger'}
            onClick={() => {
              onAction(action);
            }}
          >
            {t.actions[action]}
          </Button>
        ))}
      </div>
    </li>
  );
}

function Target({ group }: { group: ReportGroup }) {
  if (group.targetType === 'user') {
    return (
      <div className="flex gap-3 rounded-xl bg-stone-50 p-3">
        <Avatar photoUrl={group.member.photoUrl} initial={memberInitial(group.member)} className="size-14" />
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{memberName(group.member)}</p>
          <p className="text-sm whitespace-pre-line text-stone-700">{group.member.bio || t.noBio}</p>
        </div>
      </div>
    );
  }
  if (group.targetType === 'item') {
    const listing = group.listing;
    if (!listing) return <p className="text-sm text-stone-600">{t.gone}</p>;
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-stone-50 p-3">
        <p className="font-semibold text-stone-900">
          <Link to={`/item/${listing.id}`} className="hover:underline">
            {listing.title}
          </Link>
        </p>
        {listing.hiddenReason !== null && <p className="text-sm text-amber-900">{t.hiddenAlready({ reason: listing.hiddenReason })}</p>}
        {listing.description && <p className="line-clamp-4 text-sm whitespace-pre-line text-stone-700">{listing.description}</p>}
        <ThumbnailLinks
          images={listing.images}
          altOf={(position) => t.photoOf({ title: listing.title, position })}
        />
      </div>
    );
  }
  if (!group.messages) return <p className="text-sm text-stone-600">{t.gone}</p>;
  return (
    <section aria-label={t.context} className="rounded-xl bg-stone-50 p-3">
      <ol className="flex flex-col gap-2">
        {group.messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-lg px-3 py-2 text-sm ${message.reported ? 'border-l-4 border-red-600 bg-red-50' : 'bg-white'}`}
          >
            <p className="flex flex-wrap gap-x-2 text-xs text-stone-600">
              <span className="font-medium text-stone-800">{message.senderName}</span>
              <time dateTime={message.createdAt}>{when().format(new Date(message.createdAt))}</time>
              {message.reported && <span className="font-semibold text-red-800">{t.reported}</span>}
            </p>
            {message.imageUrl && <img src={message.imageUrl} alt="" className="mt-1 max-h-40 rounded-md object-contain" />}
            <p className={`whitespace-pre-wrap text-stone-900 ${message.removed ? 'italic text-stone-600' : ''}`}>{message.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
