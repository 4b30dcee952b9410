import { TEXT, type MemberSummary } from '@swapyard/contract';
import { useBlockedMembers } from '../../../api/blocked-members.ts';

/**
 * In place of the composer once either member blocked the other: the blocker is reminded it was
 * them and how to undo it, the other member reads the same neutral refusal the server gives.
 */
export function ContactClosed({ member }: { member: MemberSummary }) {
  const { data: blocked } = useBlockedMembers();
  const byMe = blocked?.some((entry) => entry.id === member.id) ?? false;
  return (
    <p role="status" className="border-t border-stone-200 bg-white px-4 py-3 text-center text-sm text-stone-600">
      {byMe ? TEXT.blocks.refusedByYou : TEXT.blocks.refused}
    </p>
  );
}
