import { z } from 'zod';

/** Events the server pushes over /api/ws. Small fields only: a NOTIFY payload holds at most 8,000 bytes. */
export const pointsUpdatedEvent = z.object({
  type: z.literal('points.updated'),
  data: z.object({ userId: z.uuid(), points: z.number().int() }),
});

/** The session behind this socket was signed out or revoked: the tab must sign in again. */
export const sessionEndedEvent = z.object({
  type: z.literal('session.ended'),
  data: z.object({}),
});

export const serverEvent = z.discriminatedUnion('type', [pointsUpdatedEvent, sessionEndedEvent]);
export type ServerEvent = z.infer<typeof serverEvent>;
export type ServerEventType = ServerEvent['type'];

export const WS_PATH = '/api/ws';
/** Close codes the web client acts on. */
export const WS_CLOSE = { sessionEnded: 4001, resync: 4002, shuttingDown: 1001 } as const;
