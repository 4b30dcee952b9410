import { TEXT, type BlockResponse, type MemberSummary } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { memberName } from '../lib/current-user.ts';
import { blockKeys, conversationKeys, itemKeys, notificationKeys, proposalKeys } from '../lib/query-keys.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { toast } from '../lib/toast.ts';
import { useBlockedMembers } from './blocked-members.ts';

const t = WEB_TEXT.blocks;

/*
 * Block and Unblock are offered on a profile, in a chat and in settings, so the calls and what
 * they refresh live here rather than in any of those features.
 */

export function blockMember(userId: string): Promise<BlockResponse> {
  return apiRequest<BlockResponse>('/blocks', { method: 'POST', body: { userId } });
}

export function unblockMember(userId: string): Promise<undefined> {
  return apiRequest<undefined>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/** What a block changes besides the list: the marketplace, whether a chat can be written in, and what was pending between the two. */
const touched = [blockKeys.list, itemKeys.all, conversationKeys.all, proposalKeys.all, notificationKeys.all];

type Member = Pick<MemberSummary, 'id' | 'displayName'>;

/** Blocking and unblocking: a toast naming the member either way, and whatever a block touches refreshed. */
function useBlockChange(change: (userId: string) => Promise<unknown>, done: (values: { name: string }) => string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => change(member.id),
    onSuccess: (_answer, member) => toast.success(done({ name: memberName(member) })),
    onError: (error) => toast.error(errorMessage(error, failed)),
    onSettled: () => Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useBlockMember() {
  return useBlockChange(blockMember, TEXT.blocks.blocked, t.blockFailed);
}

export function useUnblockMember() {
  return useBlockChange(unblockMember, TEXT.blocks.unblocked, t.unblockFailed);
}

/** What a Block or Unblock button needs (components/block-member-button.tsx): whether the signed-in member blocked this one, and the two actions. */
export function useMemberBlock(member: Member) {
  const blocked = useBlockedMembers();
  const block = useBlockMember();
  const unblock = useUnblockMember();
  return {
    name: memberName(member),
    /**
     * Undefined while the list loads, null when it cannot be had (it failed, or waits offline with
     * nothing saved): either way no button is offered that might be the wrong one.
     */
    blocked: blocked.data
      ? blocked.data.some((entry) => entry.id === member.id)
      : blocked.isError || blocked.isPaused
        ? null
        : undefined,
    blocking: block.isPending,
    unblocking: unblock.isPending,
    /** True once blocked; a failure was already told in a toast. */
    onBlock: () => block.mutateAsync(member).then(() => true, () => false),
    onUnblock: () => unblock.mutate(member),
  };
}
