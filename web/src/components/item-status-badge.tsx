import type { ItemStatus } from '@swapyard/contract';
import { WEB_TEXT } from '../lib/texts.ts';
import { Badge } from './ui/badge.tsx';

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return <Badge tone={status === 'available' ? 'success' : 'warning'}>{WEB_TEXT.itemStatus[status]}</Badge>;
}
