import type { ProposalStatus } from '@swapyard/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';

// Amber while it waits for an answer, green once swapped, gray when it came to nothing or was replaced by a counter.
const tones = { pending: 'warning', accepted: 'success', declined: 'neutral', cancelled: 'neutral', countered: 'neutral', reversed: 'neutral' } as const;

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={tones[status]}>{PROPOSALS_TEXT.status[status]}</Badge>;
}
