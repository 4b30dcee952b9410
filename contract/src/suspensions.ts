import { z } from 'zod';
import { ROLES } from './constants.ts';
import { TEXT } from './texts.ts';

const t = TEXT.suspensions;

/** How long a suspension lasts; "indefinite" lasts until a moderator lifts it. */
export const SUSPENSION_DURATIONS = ['1d', '7d', '30d', 'indefinite'] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATIONS)[number];

export const SUSPENSION_REASON_MAX_LENGTH = 1000;

const reason = z
  .string({ error: () => t.reasonRequired })
  .trim()
  .min(1, { error: () => t.reasonRequired })
  .max(SUSPENSION_REASON_MAX_LENGTH, { error: () => t.reasonTooLong });

export const memberParams = z.object({ id: z.uuid({ error: () => t.memberNotFound }) });

export const suspendBody = z.object({
  duration: z.enum(SUSPENSION_DURATIONS, { error: () => t.durationRequired }),
  reason,
});
export type SuspendBody = z.infer<typeof suspendBody>;

export const liftSuspensionBody = z.object({ reason });
export type LiftSuspensionBody = z.infer<typeof liftSuspensionBody>;

const staffName = z.object({ id: z.uuid(), displayName: z.string() }).nullable();

export const suspension = z.object({
  id: z.uuid(),
  reason: z.string(),
  startsAt: z.iso.datetime(),
  /** Null: until a moderator lifts it. */
  endsAt: z.iso.datetime().nullable(),
  liftedAt: z.iso.datetime().nullable(),
  /** Who suspended; null once that account is gone. */
  by: staffName,
  liftedBy: staffName,
  active: z.boolean(),
});
export type Suspension = z.infer<typeof suspension>;

/** What a moderator sees of a member before acting on them. */
export const memberDetail = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.iso.datetime(),
  activeSuspension: suspension.nullable(),
  /** Newest first, the active one included. */
  suspensions: z.array(suspension),
  openReports: z.number().int(),
  /** Whether the viewer may suspend or lift: never themselves, and a moderator never an admin. */
  canAct: z.boolean(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberDetailResponse = z.object({ member: memberDetail });
export type MemberDetailResponse = z.infer<typeof memberDetailResponse>;
