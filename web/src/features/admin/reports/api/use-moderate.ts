import type { ReportTargetType } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys, moderationKeys } from '../../../../lib/query-keys.ts';
import { dismissReports } from './dismiss-reports.ts';
import { hideListing } from './hide-listing.ts';
import { removeMessage } from './remove-message.ts';
import { warnMember } from './warn-member.ts';

export type ModerationAction = 'dismiss' | 'hide' | 'remove' | 'warn';

export interface ModerationInput {
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  reason: string;
}

function moderate({ action, targetType, targetId, reason }: ModerationInput): Promise<undefined> {
  if (action === 'hide') return hideListing(targetId, reason);
  if (action === 'remove') return removeMessage(targetId, reason);
  return (action === 'dismiss' ? dismissReports : warnMember)({ targetType, targetId, reason });
}

/** The queue's four actions share what they refresh: the queue, and the marketplace when a listing went. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: async (_, { action }) => {
      if (action === 'hide') void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}
