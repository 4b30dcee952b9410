import type { Proposal } from '@swapyard/contract';
import { WEB_TEXT } from '../lib/texts.ts';
import { Badge } from './ui/badge.tsx';
import { ProposalStatusBadge } from './proposal-status-badge.tsx';

/** Where a proposal stands: Completed once both sides confirmed the hand-over, else its status. */
export function SwapBadge({ proposal }: { proposal: Proposal }) {
  if (proposal.completedAt) return <Badge tone="success">{WEB_TEXT.proposalStatus.completed}</Badge>;
  return <ProposalStatusBadge status={proposal.status} />;
}
