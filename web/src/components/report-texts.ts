import type { ReportReason } from '@swapyard/contract';

/** The report dialog's labels: listings, profiles and chats show the same dialog. */
export const REPORT_TEXT = {
  button: 'Report',
  titles: { item: 'Report this listing', user: 'Report this member', message: 'Report this message' },
  description: 'A moderator will look at it. The member will not know who reported them.',
  reasonLegend: 'Why are you reporting it?',
  reasons: {
    spam: 'Spam',
    prohibited: 'Prohibited item',
    scam: 'Scam or fraud',
    harassment: 'Harassment',
    other: 'Something else',
  } satisfies Record<ReportReason, string>,
  note: 'Anything a moderator should know? (optional)',
  send: 'Send report',
} as const;
