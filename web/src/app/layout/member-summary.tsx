import type { CurrentUser } from '@swapyard/contract';
import { Avatar } from '../../components/ui/avatar.tsx';
import { memberInitial, memberName } from '../../lib/current-user.ts';
import { WEB_TEXT } from '../../lib/texts.ts';

interface MemberSummaryProps {
  user: CurrentUser;
  /** The mobile top bar shows the balance itself; one balance on screen keeps its test id unique. */
  showPoints?: boolean;
}

export function MemberSummary({ user, showPoints = true }: MemberSummaryProps) {
  return (
    <div className="flex items-center gap-3">
      <Avatar photoUrl={user.photoUrl} initial={memberInitial(user)} />
      <div className="min-w-0">
        <p data-testid="member-name" className="truncate text-sm font-semibold text-stone-900">
          {memberName(user)}
        </p>
        {showPoints && (
          <p data-testid="points-balance" className="text-sm text-emerald-700">
            {WEB_TEXT.points({ points: user.points })}
          </p>
        )}
      </div>
    </div>
  );
}
