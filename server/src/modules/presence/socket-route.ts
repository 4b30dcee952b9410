import { clientMessage, TEXT, WS_PATH, type ClientMessage } from '@swapyard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import { firstCharacters } from '../../lib/first-characters.ts';
import { latestOnly } from '../../lib/latest-only.ts';
import { tokenBucket } from '../../lib/token-bucket.ts';
import { requireSession } from '../auth/authentication.ts';
import { assertSameOrigin } from '../../plugins/same-origin.ts';
import { rooms } from '../../realtime/event-bus.ts';
import type { PresenceService } from './service.ts';
import type { SocketHub } from '../../realtime/socket-hub.ts';

/** A tab sends a watch when its page changes: a few at once, a couple a second when someone clicks through chats. */
const MESSAGE_BURST = 10;
const MESSAGES_PER_SECOND = 5;
/** Enough of why a message was refused to see what the tab got wrong; the rest (one issue per bad member id) says nothing more. */
const REASON_CHARACTERS = 200;

/**
 * A frame the client got wrong (a bad opcode, invalid UTF-8, a message over the size limit) is
 * the client's fault, not ours: a warning without a stack, and the socket is dropped. Anything
 * else that fails around a socket is ours, and logged as an error.
 */
export function socketError(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void {
  if (error.code?.startsWith('WS_ERR_')) {
    request.log.warn({ code: error.code, reason: error.message }, 'bad WebSocket frame from a client');
  } else {
    request.log.error({ err: error }, 'WebSocket failed');
  }
  socket.terminate();
}

/** The tab's message, or why it is not one: a reason for the log, never the message itself. */
function readClientMessage(data: RawData, isBinary: boolean): ClientMessage | { refused: string } {
  if (isBinary) return { refused: 'a binary frame' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(data));
  } catch {
    return { refused: 'not JSON' };
  }
  const result = clientMessage.safeParse(parsed);
  return result.success ? result.data : { refused: result.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ') };
}

/** One socket per tab; the handshake is refused before the upgrade unless it is signed in and same-origin. */
export function socketRoute(hub: SocketHub, presence: PresenceService, config: Config) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get(
      WS_PATH,
      {
        websocket: true,
        schema: { tags: ['realtime'], summary: `WebSocket of server events (${TEXT.auth.required} to open it)` },
        preValidation: async (request) => {
          assertSameOrigin(config, request);
          requireSession(request);
        },
      },
      (socket, request) => {
        const session = requireSession(request);
        hub.join(socket, [rooms.everyone, rooms.user(session.userId), rooms.session(session.id)]);
        const report = (error: unknown) => request.log.warn({ err: error }, 'presence update failed');
        presence.opened(session.userId).catch(report);
        socket.once('close', () => {
          presence.closed(session.userId).catch(report);
        });
        // The set last asked for, in any order: the same set again changes nothing (cleared by a watch that failed, so it can be tried again).
        let asked: string | undefined;
        const watch = latestOnly((memberIds: string[]) =>
          presence.watch(socket, session.userId, memberIds).catch((error: unknown) => {
            asked = undefined;
            request.log.warn({ err: error }, 'presence watch failed');
          }),
        );
        const take = tokenBucket(MESSAGE_BURST, MESSAGES_PER_SECOND);
        // The tab's faults, not ours: one warning of each kind per socket, without a stack, and the socket stays open.
        let warnedFlood = false;
        let warnedBad = false;
        socket.on('message', (data, isBinary) => {
          if (!take()) {
            if (!warnedFlood) request.log.warn('too many messages from a client: those beyond the limit are ignored');
            warnedFlood = true;
            return;
          }
          const message = readClientMessage(data, isBinary);
          if ('refused' in message) {
            if (!warnedBad) request.log.warn({ reason: firstCharacters(message.refused, REASON_CHARACTERS) }, 'bad message from a client');
            warnedBad = true;
            return;
          }
          const key = [...new Set(message.data.userIds)].sort().join(',');
          if (key === asked) return;
          asked = key;
          watch(message.data.userIds);
        });
      },
    );
  };
}
