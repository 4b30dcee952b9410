import { z } from 'zod';
import { TEXT } from './texts.ts';

const t = TEXT.push;

/** Real push services' addresses are a few hundred characters; this leaves room and bounds the row. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/** The server's VAPID public key, which the browser subscribes with (`applicationServerKey`). */
export const pushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/**
 * A browser's PushSubscription as its toJSON() gives it: an https endpoint, the P-256 public key
 * (an uncompressed point, 65 bytes, so 87 base64url characters starting with B) and the 16-byte
 * auth secret (22 characters). The server also checks the point is on the curve.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: () => t.badEndpoint })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: () => t.badEndpoint })
    .pipe(z.url({ protocol: /^https$/, error: () => t.badEndpoint })),
  keys: z.object(
    {
      p256dh: z.string({ error: () => t.badKeys }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: () => t.badKeys }),
      auth: z.string({ error: () => t.badKeys }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: () => t.badKeys }),
    },
    { error: () => t.badKeys },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** This session's subscription, if it has one: the page compares it with the browser's own. */
export const pushStatusResponse = z.object({ endpoint: z.string().nullable() });
export type PushStatusResponse = z.infer<typeof pushStatusResponse>;

/** What the service worker receives, decrypted: a notification to show and the page it opens. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
