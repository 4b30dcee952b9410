import { z } from 'zod';
import { TEXT } from './texts.ts';
import { LOCALES } from './i18n/locales.ts';

const t = TEXT.community;

/** Who may register: anyone; only with an invite link; only with an address at one of the listed domains. */
export const JOIN_MODES = ['open', 'invite', 'domain'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];

export const COMMUNITY_NAME_MAX_LENGTH = 60;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 300;
export const COMMUNITY_RULES_MAX_LENGTH = 10_000;
export const ALLOWED_DOMAINS_MAX = 50;
export const WELCOME_POINTS_MAX = 10_000;
export const NEW_MEMBER_DAYS_MAX = 365;
export const NEW_MEMBER_PER_DAY_MAX = 1_000;
export const INVITE_MAX_USES = 1_000;
export const INVITE_MAX_DAYS = 90;

const wholeNumber = (field: keyof typeof t.fields, min: number, max: number) => {
  const error = () => t.wholeNumber({ field: t.fields[field], min, max });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

// Labels first, each 1-63 letters, digits or inner hyphens; a top-level domain of letters.
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Stored and compared in lower case: domains are case-insensitive. A leading "@" is forgiven. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .superRefine((domain, context) => {
    if (domain.length > 253 || !DOMAIN.test(domain)) {
      context.addIssue({ code: 'custom', message: t.domainInvalid({ domain: domain.slice(0, 60) }) });
    }
  });

/** The settings as stored and sent back: the checks live in the body that changes them. */
export const communitySettings = z.object({
  name: z.string(),
  description: z.string(),
  welcomePoints: z.number().int(),
  rules: z.string(),
  joinMode: z.enum(JOIN_MODES),
  allowedDomains: z.array(z.string()),
  newMemberDays: z.number().int(),
  newMemberListingsPerDay: z.number().int(),
  newMemberConversationsPerDay: z.number().int(),
  /** Issue 20: the language of visitors whose browser asks for none of ours, and of mail to members who never chose one. */
  defaultLocale: z.enum(LOCALES),
});
export type CommunitySettings = z.infer<typeof communitySettings>;

/** Every setting at once, as the settings page sends them; a domain list is needed to join by domain. */
export const updateCommunitySettingsBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => t.nameRequired })
      .max(COMMUNITY_NAME_MAX_LENGTH, { error: () => t.nameTooLong({ max: COMMUNITY_NAME_MAX_LENGTH }) }),
    description: z
      .string()
      .trim()
      .max(COMMUNITY_DESCRIPTION_MAX_LENGTH, { error: () => t.descriptionTooLong({ max: COMMUNITY_DESCRIPTION_MAX_LENGTH }) }),
    welcomePoints: wholeNumber('welcomePoints', 0, WELCOME_POINTS_MAX),
    rules: z.string().trim().max(COMMUNITY_RULES_MAX_LENGTH, { error: () => t.rulesTooLong({ max: COMMUNITY_RULES_MAX_LENGTH }) }),
    joinMode: z.enum(JOIN_MODES),
    allowedDomains: z.array(emailDomain).max(ALLOWED_DOMAINS_MAX, { error: () => t.tooManyDomains({ max: ALLOWED_DOMAINS_MAX }) }),
    newMemberDays: wholeNumber('newMemberDays', 0, NEW_MEMBER_DAYS_MAX),
    newMemberListingsPerDay: wholeNumber('newMemberListingsPerDay', 0, NEW_MEMBER_PER_DAY_MAX),
    newMemberConversationsPerDay: wholeNumber('newMemberConversationsPerDay', 0, NEW_MEMBER_PER_DAY_MAX),
    // Absent (a client older than languages): left as it is.
    defaultLocale: z.enum(LOCALES, { error: () => TEXT.account.languageUnknown }).optional(),
  })
  .transform((settings) => ({ ...settings, allowedDomains: [...new Set(settings.allowedDomains)] }))
  .refine((settings) => settings.joinMode !== 'domain' || settings.allowedDomains.length > 0, {
    error: () => t.domainsRequired,
    path: ['allowedDomains'],
  });
export type UpdateCommunitySettingsBody = z.input<typeof updateCommunitySettingsBody>;

export const communitySettingsResponse = z.object({ settings: communitySettings });
export type CommunitySettingsResponse = z.infer<typeof communitySettingsResponse>;

/** What anyone may read, signed in or not: nothing of the domain list or the limits. */
export const publicCommunity = z.object({
  name: z.string(),
  description: z.string(),
  rules: z.string(),
  joinMode: z.enum(JOIN_MODES),
});
export type PublicCommunity = z.infer<typeof publicCommunity>;

export const communityResponse = z.object({ community: publicCommunity });
export type CommunityResponse = z.infer<typeof communityResponse>;

export const createInviteBody = z.object({
  maxUses: wholeNumber('maxUses', 1, INVITE_MAX_USES),
  expiresInDays: wholeNumber('expiresInDays', 1, INVITE_MAX_DAYS),
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;

export const INVITE_STATUSES = ['active', 'expired', 'used_up', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const inviteSummary = z.object({
  id: z.uuid(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  status: z.enum(INVITE_STATUSES),
  /** Null once the member who made it has left. */
  createdByName: z.string().nullable(),
});
export type InviteSummary = z.infer<typeof inviteSummary>;

export const inviteListResponse = z.object({ invites: z.array(inviteSummary) });
export type InviteListResponse = z.infer<typeof inviteListResponse>;

/** The token is shown this once: only its hash is stored. */
export const createdInviteResponse = z.object({ invite: inviteSummary, token: z.string() });
export type CreatedInviteResponse = z.infer<typeof createdInviteResponse>;

export const inviteParams = z.object({ id: z.uuid({ error: () => t.inviteNotFound }) });

export const inviteToken = z.string().trim().min(1, { error: () => t.inviteUnknown }).max(200, { error: () => t.inviteUnknown });
export const inviteTokenParams = z.object({ token: inviteToken });

/** What the sign-up page shows for an invite link before the form: usable, or why not. */
export const inviteCheckResponse = z.object({ status: z.enum([...INVITE_STATUSES, 'unknown']) });
export type InviteCheckResponse = z.infer<typeof inviteCheckResponse>;
