import { TEXT, type PushKeyResponse, type PushPayload, type PushStatusResponse, type PushSubscriptionBody } from '@swapyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createECDH, createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { sqlState, transactionWithRetry } from '../../db/retry.ts';
import { badRequest, unauthenticated } from '../../lib/app-error.ts';
import type { Session } from '../auth/service.ts';
import type { ServerSecretsService } from '../server-secrets/service.ts';
import { isPublicHostName, publicOnlyAgent } from './public-agent.ts';
import * as repo from './repository.ts';

/** A device the member gets pushes on, as their data export tells it. */
export interface PushDevice {
  /** The push service's origin (https://fcm.googleapis.com), never the endpoint: see `devices`. */
  pushService: string;
  subscribedAt: string;
}

/** What a member's devices show: the page it opens is a path of this site. */
export type PushMessage = PushPayload;

const VAPID_SECRET = 'web-push-vapid-keys';
const vapidKeys = z.object({ publicKey: z.string(), privateKey: z.string() });
type VapidKeys = z.infer<typeof vapidKeys>;

/** A day: a phone switched off overnight still gets the morning's pushes; older ones are stale. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service that hangs must not hold the job's worker. */
const SEND_TIMEOUT_MS = 10_000;
/**
 * Push services take 4,096 bytes of encrypted record, of which aes128gcm's header, padding
 * delimiter and tag take 103: 3,000 bytes of JSON leaves room to spare.
 */
export const MAX_PAYLOAD_BYTES = 3000;
const MAX_TITLE_CHARS = 120;
const MAX_URL_LENGTH = 500;
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\\]*$/;

export interface PushSettings {
  vapid: Config['vapid'];
  /** How pushes reach push services: public addresses only, unless a test gives its own endpoint's. */
  agent?: Agent;
}

/** The member's devices, as auth knows them: a subscription counts while its session is live. */
export interface LiveSessions {
  liveSessionIds(userId: string): Promise<string[]>;
}

/**
 * Web Push to a member's devices: one subscription per session (the device), made in the browser
 * with the server's VAPID key and removed with the session. Sending runs in jobs, never in a request.
 */
export class PushService {
  private readonly agent: Agent;

  constructor(
    private readonly db: Database,
    private readonly secrets: ServerSecretsService,
    private readonly sessions: LiveSessions,
    private readonly settings: PushSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.agent = settings.agent ?? publicOnlyAgent();
  }

  async publicKey(): Promise<PushKeyResponse> {
    return { publicKey: (await this.vapidKeys()).publicKey };
  }

  async status(session: Session): Promise<PushStatusResponse> {
    return { endpoint: (await repo.endpointOfSession(this.db, session.id)) ?? null };
  }

  async subscribe(session: Session, body: PushSubscriptionBody): Promise<PushStatusResponse> {
    const p256dh = body.keys.p256dh.replace(/=+$/, '');
    const auth = body.keys.auth.replace(/=+$/, '');
    if (!isPublicHostName(new URL(body.endpoint).hostname)) throw badRequest(TEXT.push.badEndpoint);
    if (!onCurve(p256dh)) throw badRequest(TEXT.push.badKeys);
    try {
      await transactionWithRetry(this.db, (tx) =>
        repo.saveSubscription(tx, { endpoint: body.endpoint, p256dh, auth, userId: session.userId, sessionId: session.id }),
      );
    } catch (error) {
      // The session ended (signed out elsewhere) between this request's start and its write.
      if (sqlState(error) === '23503') throw unauthenticated(TEXT.auth.required);
      throw error;
    }
    return { endpoint: body.endpoint };
  }

  /**
   * The member's subscribed devices (those of live sessions, the ones pushes go to), for their data
   * export. Only each push service's origin and the time: the endpoint's path and the keys are what
   * let anyone push to the device, so they never leave the server, not even to the member.
   */
  async devices(session: Session): Promise<PushDevice[]> {
    const rows = await repo.subscriptionsOf(this.db, session.userId, await this.sessions.liveSessionIds(session.userId));
    return rows
      .toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((row) => ({ pushService: new URL(row.endpoint).origin, subscribedAt: row.createdAt.toISOString() }));
  }

  /** This device's subscription goes; the browser unsubscribes on its side. */
  async unsubscribe(session: Session): Promise<void> {
    await repo.deleteSubscriptionOfSession(this.db, session.id);
  }

  /**
   * Sends the message to every device of the member. A device the push service says is gone (404,
   * 410) is removed; any other failure throws once every device has been tried, so the caller's job
   * runs again, and the devices that did get it get it again (the service worker shows the second
   * in place of the first: same tag, and the same Topic replaces one still waiting at the push service).
   */
  async sendTo(userId: string, message: PushMessage): Promise<void> {
    const subscriptions = await repo.subscriptionsOf(this.db, userId, await this.sessions.liveSessionIds(userId));
    if (subscriptions.length === 0) return;
    const payload = payloadOf(message);
    const keys = await this.vapidKeys();
    const options: webpush.RequestOptions = {
      vapidDetails: { subject: this.settings.vapid.subject, ...keys },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      topic: createHash('sha256').update(message.url).digest('base64url').slice(0, 32),
      timeout: SEND_TIMEOUT_MS,
      agent: this.agent,
    };
    const results = await Promise.allSettled(
      subscriptions.map((row) => this.sendOne({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, options)),
    );
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    if (failures.length > 0) {
      throw new Error(`Web Push failed for ${String(failures.length)} of ${String(subscriptions.length)} devices: ${failures[0]!.message}`);
    }
  }

  private async sendOne(subscription: webpush.PushSubscription, payload: string, options: webpush.RequestOptions): Promise<void> {
    // Only the push service's origin in messages and logs: the endpoint's path is the device's address.
    const service = new URL(subscription.endpoint).origin;
    try {
      await webpush.sendNotification(subscription, payload, options);
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        if (error.statusCode === 404 || error.statusCode === 410) {
          await repo.deleteEndpoint(this.db, subscription.endpoint);
          this.log.info({ service, status: error.statusCode }, 'push subscription expired at its push service; removed');
          return;
        }
        // Not as the cause: a WebPushError carries the endpoint, which must not reach a log line.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(`the push service at ${service} answered ${String(error.statusCode)}`);
      }
      // eslint-disable-next-line preserve-caught-error -- as above
      throw new Error(`the push service at ${service} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The operator's pair when configured; else one made on first use and kept for every instance. */
  private async vapidKeys(): Promise<VapidKeys> {
    if (this.settings.vapid.keys) return this.settings.vapid.keys;
    const stored = await this.secrets.get(VAPID_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()));
    return vapidKeys.parse(JSON.parse(stored));
  }
}

/** A point that is not on P-256 would make every later encryption to it throw. */
function onCurve(p256dh: string): boolean {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  try {
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** The JSON the service worker reads, within MAX_PAYLOAD_BYTES: a long title or body is cut, never the link. */
export function payloadOf({ title, body, url }: PushMessage): string {
  if (url.length > MAX_URL_LENGTH || !SAME_ORIGIN_PATH.test(url)) throw new Error(`a push opens a path of this site, not ${JSON.stringify(url.slice(0, 80))}`);
  const shortTitle = cut(title, MAX_TITLE_CHARS);
  const json = (text: string) => JSON.stringify({ title: shortTitle, body: text, url } satisfies PushPayload);
  if (Buffer.byteLength(json(body)) <= MAX_PAYLOAD_BYTES) return json(body);
  // The longest start of the body that fits, escapes and all.
  const chars = Array.from(body);
  let fits = 0;
  let tooLong = chars.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (Buffer.byteLength(json(`${chars.slice(0, middle).join('')}…`)) <= MAX_PAYLOAD_BYTES) fits = middle;
    else tooLong = middle;
  }
  return json(`${chars.slice(0, fits).join('')}…`);
}

function cut(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars - 1).join('')}…`;
}
