import type { ProposalStatus } from '@swapyard/contract';
import { WEB_TEXT } from '../lib/texts.ts';
import { Badge } from './ui/badge.tsx';

// Amber while it waits for an answer, green once swapped, gray when it came to nothing or was replaced by a counter.
const tones = { pending: 'warning', accepted: 'success', declined: 'neutral', cancelled: 'neutral', countered: 'neutral', reversed: 'neutral' } as const;

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={tones[status]}>{WEB_TEXT.proposalStatus[status]}</Badge>;
}
