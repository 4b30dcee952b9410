import { z } from 'zod';
import { MODERATION_REASON_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, REPORT_TARGET_TYPES, ROLES } from './constants.ts';
import { memberSummary } from './items.ts';
import { pageQuery } from './paging.ts';
import { TEXT } from './texts.ts';

/** Issue 15: reports, the moderators' queue, their actions and the audit log. */

export const reportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: () => TEXT.reports.notFound }),
  targetId: z.uuid({ error: () => TEXT.reports.notFound }),
  reason: z.enum(REPORT_REASONS, { error: () => TEXT.reports.reasonRequired }),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, { error: () => TEXT.reports.noteTooLong }).default(''),
});
export type ReportBody = z.input<typeof reportBody>;

export const reportResponse = z.object({ message: z.string() });

/** Every moderator action says why; the reason is kept in the audit log. */
export const moderationReason = z
  .string({ error: () => TEXT.moderation.reasonRequired })
  .trim()
  .min(1, { error: () => TEXT.moderation.reasonRequired })
  .max(MODERATION_REASON_MAX_LENGTH, { error: () => TEXT.moderation.reasonTooLong });

export const moderationReasonBody = z.object({ reason: moderationReason });
export type ModerationReasonBody = z.input<typeof moderationReasonBody>;

export const dismissBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: () => TEXT.moderation.targetNotFound }),
  targetId: z.uuid({ error: () => TEXT.moderation.targetNotFound }),
  reason: moderationReason,
});
export type DismissBody = z.input<typeof dismissBody>;

export const moderatedMember = memberSummary.extend({ bio: z.string(), role: z.enum(ROLES) });
export type ModeratedMember = z.infer<typeof moderatedMember>;

export const reportedListing = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
  hiddenReason: z.string().nullable(),
});

export const contextMessage = z.object({
  id: z.uuid(),
  senderName: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  removed: z.boolean(),
  /** The message the reports are about; the others are the few before it. */
  reported: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ContextMessage = z.infer<typeof contextMessage>;

/** One target's open reports, with the target as it stands now; who reported it is not shown. */
export const reportGroup = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  member: moderatedMember,
  count: z.number().int(),
  latestAt: z.iso.datetime(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), createdAt: z.iso.datetime() })),
  /** Null when the listing or message no longer exists. */
  listing: reportedListing.nullable(),
  messages: z.array(contextMessage).nullable(),
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const reportQueuePage = z.object({ groups: z.array(reportGroup), nextCursor: z.string().nullable() });
export type ReportQueuePage = z.infer<typeof reportQueuePage>;
export const reportQueueQuery = pageQuery(50, 20);

/** Every kind of moderator and admin action the audit log records. */
export const AUDIT_ACTIONS = [
  'reports_dismissed',
  'listing_hidden',
  'listing_restored',
  'message_removed',
  'member_warned',
  'member_suspended',
  'suspension_lifted',
  'role_changed',
  'settings_changed',
  'invite_created',
  'invite_revoked',
  'swap_problem_dismissed',
  'swap_reversed',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.uuid(),
  actorId: z.uuid(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  targetUserId: z.uuid().nullable(),
  targetLabel: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pageQuery(100, 50).extend({
  actorId: z.uuid().optional(),
  targetUserId: z.uuid().optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  nextCursor: z.string().nullable(),
  /** Everyone who has acted, for the filter by moderator. */
  actors: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type AuditPage = z.infer<typeof auditPage>;
