import { z } from 'zod';

/** What a notice is about, as a member chooses which reach them outside the app (in-app notices are always on). */
export const NOTIFICATION_KINDS = ['proposals', 'messages', 'ratings', 'community', 'savedSearches'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const channelSwitches = z.object({ email: z.boolean(), push: z.boolean() }).strict();

/** The whole set, read and written at once: a switch per kind and channel, and the weekly summary mail. */
export const notificationPreferences = z
  .object({
    proposals: channelSwitches,
    messages: channelSwitches,
    ratings: channelSwitches,
    community: channelSwitches,
    savedSearches: channelSwitches,
    weeklySummary: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A member who never chose: mail about proposals, messages and their saved searches' alerts (at most hourly); push waits until a device is turned on. */
export const NOTIFICATION_DEFAULTS: NotificationPreferences = {
  proposals: { email: true, push: false },
  messages: { email: true, push: false },
  ratings: { email: false, push: false },
  community: { email: false, push: false },
  savedSearches: { email: true, push: false },
  weeklySummary: false,
};

export const notificationPreferencesResponse = z.object({ preferences: notificationPreferences });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

/** What one mail's unsubscribe link switches off: a kind's notices, or the weekly summary. */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, 'weeklySummary'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A mail's one-click unsubscribe link: `<kind>_<member id>_<signature>`, readable so the page can
 * say what it switches off. No dots: a page path with one would be taken for a file.
 */
export const UNSUBSCRIBE_TOKEN = new RegExp(`^(${MAIL_KINDS.join('|')})_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$`);
export const unsubscribeParams = z.object({ token: z.string().max(200) });

export const unsubscribeResponse = z.object({ kind: z.enum(MAIL_KINDS), channel: z.literal('email') });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** The kind an unsubscribe token names, for the page to say what it will switch off; undefined for a token of no known shape. */
export function unsubscribeKind(token: string): MailKind | undefined {
  return UNSUBSCRIBE_TOKEN.exec(token)?.[1] as MailKind | undefined;
}
