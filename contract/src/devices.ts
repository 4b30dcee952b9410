import { z } from 'zod';

/**
 * A public id, never the session's own: the stored id is the hash of the cookie's token, and a
 * page that showed it would hand out what the session table holds (server: auth/present-session.ts).
 */
export const PUBLIC_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** One live session of the member: a browser they signed in with. */
export const deviceSession = z.object({
  id: z.string().regex(PUBLIC_SESSION_ID),
  /** Read from the User-Agent; null when it named none we know. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  /** Kept to within a few minutes: touching it on every request would make every read a write. */
  lastSeenAt: z.iso.datetime(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;

export const deviceSessionsResponse = z.object({ sessions: z.array(deviceSession) });
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponse>;

export const deviceSessionParams = z.object({ id: z.string().regex(PUBLIC_SESSION_ID) });
