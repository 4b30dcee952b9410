import type { PointEntry } from '@swapyard/contract';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { entryWhat, HISTORY_TEXT } from '../texts.ts';

const t = HISTORY_TEXT;

function signed(amount: number): string {
  return amount > 0 ? `+${String(amount)}` : String(amount);
}

export function EntryRow({ entry }: { entry: PointEntry }) {
  const gained = entry.amount >= 0;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-medium text-stone-900">{entryWhat(entry)}</p>
        <p className="text-xs text-stone-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
        {entry.proposalId && (
          <TextLink to={`/proposals/${entry.proposalId}`} className="self-start text-sm">
            {t.viewProposal}
          </TextLink>
        )}
      </div>
      <div className="flex flex-col items-end gap-0.5 text-right">
        <p className={`text-lg font-semibold tabular-nums ${gained ? 'text-emerald-700' : 'text-red-700'}`}>
          {signed(entry.amount)}
        </p>
        <p className="text-sm text-stone-600">{t.balance({ points: entry.balanceAfter })}</p>
      </div>
    </li>
  );
}
