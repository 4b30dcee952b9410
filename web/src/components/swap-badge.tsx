import type { Proposal } from '@swapyard/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';
import { ProposalStatusBadge } from './proposal-status-badge.tsx';

/** Where a proposal stands: Completed once both sides confirmed the hand-over, else its status. */
export function SwapBadge({ proposal }: { proposal: Proposal }) {
  if (proposal.completedAt) return <Badge tone="success">{PROPOSALS_TEXT.completed}</Badge>;
  return <ProposalStatusBadge status={proposal.status} />;
}
