import type { MemberSummary } from '@swapyard/contract';
import { useMemberBlock } from '../../../api/member-block.ts';
import { BlockMemberButton } from '../../../components/block-member-button.tsx';

/** Block or Unblock the other member, from the chat's header: beside the name on a phone, last in the row on a wider screen. */
export function ChatBlockButton({ member }: { member: MemberSummary }) {
  return <BlockMemberButton {...useMemberBlock(member)} className="px-3 py-1.5 sm:order-last" />;
}
