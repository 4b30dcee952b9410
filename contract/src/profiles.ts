import { z } from 'zod';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, ITEM_LOCATION_MAX_LENGTH } from './constants.ts';
import { placeId, placeSummary } from './places.ts';
import { TEXT } from './texts.ts';

/** What a profile adds to its member since date and ratings so others can judge a swap: both computed by the server. */
export const memberTrust = z.object({
  /** Accepted proposals the member sent or received. */
  completedSwaps: z.number().int(),
  /** The median minutes the member took to reply over the last 90 days; null until they have replied often enough to say. */
  replyMinutes: z.number().int().nullable(),
});
export type MemberTrust = z.infer<typeof memberTrust>;

export const publicProfile = z.object({
  id: z.uuid(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  /** Issue 17: the town `location` names; null for text no town matched. */
  place: placeSummary.nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.iso.datetime(),
  trust: memberTrust,
});
export type PublicProfile = z.infer<typeof publicProfile>;

export const profileResponse = z.object({ profile: publicProfile });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const profileUpdateBody = z.object({
  displayName: z
    .string({ error: () => TEXT.account.nameRequired })
    .trim()
    .min(1, { error: () => TEXT.account.nameRequired })
    .max(DISPLAY_NAME_MAX_LENGTH, { error: () => TEXT.account.nameTooLong }),
  location: z.string().trim().max(ITEM_LOCATION_MAX_LENGTH),
  /**
   * Issue 17: the town chosen in the place picker (its label becomes `location`), or null for none.
   * Absent (older clients): the location text is matched to a town where it names one.
   */
  placeId: placeId.nullable().optional(),
  bio: z.string().trim().max(BIO_MAX_LENGTH),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
