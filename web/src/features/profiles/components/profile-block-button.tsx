import type { PublicProfile } from '@swapyard/contract';
import { useMemberBlock } from '../../../api/member-block.ts';
import { BlockMemberButton } from '../../../components/block-member-button.tsx';

/** Block, or Unblock once blocked, on another member's profile. */
export function ProfileBlockButton({ profile }: { profile: PublicProfile }) {
  return <BlockMemberButton {...useMemberBlock(profile)} />;
}
