import type { ServerEvent } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import nodeHttp from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyBinary, startCaddy, type TestCaddy } from './test/caddy.ts';
import { startInstances, type Instances } from './test/crash/instances.ts';
import { http } from './test/crash/load.ts';
import { listItem, openTab, received, signUp, type Member, type Tab } from './test/crash/member-client.ts';
import { crash } from './test/crash/server-process.ts';
import { freePort } from './test/free-port.ts';

/**
 * docs/operations.md's "Several instances", as an operator runs it: three server processes on one
 * PostgreSQL database and one S3 bucket, and Caddy in front, round robin, nothing sticky. The test
 * talks only to Caddy; which instance answered is read from the instances' own logs, by the request
 * id each one logs and sends back (X-Request-Id), so no header naming an instance is needed.
 */
const caddy = caddyBinary();
const title = 'three server processes behind Caddy';

/** Caddy reaches the instances from this address: TRUST_PROXY names it, as an operator names their proxy's. */
const PROXY_ADDRESS = '127.0.0.1';
/** A member's own address: anything on 127/8 is this machine, and not the proxy's. */
const MEMBER_ADDRESS = '127.0.0.2';

interface Logged {
  instance: number;
  entry: { req: { remoteAddress: string } };
}

// npm test prints the same reason on its summary's "Skipped" lines.
describe.skipIf(!caddy)(caddy ? title : `${title} (skipped: no caddy binary on PATH; Debian: apt-get install caddy)`, () => {
  let instances: Instances;
  let proxy: TestCaddy;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    instances = await startInstances(3, { PUBLIC_URL: publicUrl, TRUST_PROXY: PROXY_ADDRESS });
    proxy = await startCaddy(caddy!, port, instances.origins);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await instances?.stop();
  });

  /** The log line an instance wrote as a request came in, and which instance wrote it. */
  async function loggedBy(requestId: string): Promise<Logged> {
    const marker = `"requestId":"${requestId}"`;
    let found: Logged | undefined;
    await expect
      .poll(() => {
        instances.servers.forEach((server, instance) => {
          const line = server
            .output()
            .split('\n')
            .find((l) => l.includes(marker) && l.includes('"incoming request"'));
          if (line) found = { instance, entry: JSON.parse(line) as Logged['entry'] };
        });
        return found;
      }, { timeout: 5_000 })
      .toBeDefined();
    return found!;
  }

  const instanceOf = async (requestId: string | null) => (await loggedBy(requestId!)).instance;

  /** A browser tab through the proxy that, as the web app does, opens a new socket when its socket drops. */
  async function openLiveTab(member: Member) {
    const sockets: Tab[] = [];
    /** Each open socket's X-Request-Id, to find the instance that holds it. */
    const handshakes: string[] = [];
    let closing = false;
    const connect = async (): Promise<void> => {
      const requestId = randomUUID();
      const socket = await openTab(proxy.origin, member, { 'x-request-id': requestId });
      handshakes.push(requestId);
      sockets.push(socket);
      void socket.closed.then(() => (closing ? undefined : reconnect()));
    };
    // The proxy may still send an upgrade to the instance that just died: the web app tries again, so does this tab.
    const reconnect = (): void => {
      connect().catch(() => {
        if (!closing) setTimeout(reconnect, 200);
      });
    };
    await connect();
    return {
      get events(): ServerEvent[] {
        return sockets.flatMap((socket) => socket.events);
      },
      /** The X-Request-Id of each socket that opened: once one is open, the instance holding it delivers to it. */
      handshakes,
      close() {
        closing = true;
        sockets.at(-1)?.close();
      },
    };
  }

  /**
   * Sends as the web app's chat does: a 502 (the instance died under the request) is sent again with
   * the same clientId, which the server turns into the message it may already have stored.
   */
  async function sendMessage(member: Member, conversationId: string, text: string): Promise<{ id: string; requestId: string | null }> {
    const clientId = randomUUID();
    for (let attempt = 0; attempt < 5; attempt++) {
      const sent = await http(proxy.origin, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: member.cookie,
        json: { clientId, text },
      });
      if (sent.status === 200) return { id: (sent.body as { message: { id: string } }).message.id, requestId: sent.requestId };
      expect(sent.status, JSON.stringify(sent.body)).toBe(502);
    }
    throw new Error(`"${text}" was not acknowledged in 5 attempts`);
  }

  it('runs sign-up, a listing with a photo, a swap, a chat and sign-out through the proxy, and loses nothing acknowledged when an instance dies', async () => {
    const origin = proxy.origin;
    const ann = await signUp(origin, 'Ann');
    const ben = await signUp(origin, 'Ben');
    const annTab = await openLiveTab(ann);
    const benTab = await openLiveTab(ben);
    const answeredBy: (string | null)[] = [];

    // Ann lists with a photo; Ben hears of it live and loads the photo.
    const lamp = await listItem(origin, ann, 'Brass lamp', 1);
    await received(benTab, { type: 'items.created', data: { itemId: lamp.id, ownerId: ann.id } });
    const photo = await fetch(`${origin}${lamp.images[0]!.url}`, { headers: { cookie: ben.cookie } });
    expect({ status: photo.status, type: photo.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
    answeredBy.push(photo.headers.get('x-request-id'));

    // Ben proposes, Ann accepts: both hear it live, whichever instance holds their socket.
    const proposed = await http(origin, 'POST', '/api/proposals', { cookie: ben.cookie, json: { itemId: lamp.id, pointsOffer: 30, message: 'Would 30 points do?' } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    answeredBy.push(proposed.requestId);
    const proposalId = (proposed.body as { proposal: { id: string } }).proposal.id;
    await received(annTab, { type: 'proposals.updated', data: { proposalId, status: 'pending' } });
    const accepted = await http(origin, 'POST', `/api/proposals/${proposalId}/accept`, { cookie: ann.cookie });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    answeredBy.push(accepted.requestId);
    await received(benTab, { type: 'proposals.updated', data: { proposalId, status: 'accepted' } });
    await received(annTab, { type: 'points.updated', data: { userId: ann.id, points: 130 } });

    // Ben writes; Ann's socket gets it live.
    const opened = await http(origin, 'POST', '/api/conversations', { cookie: ben.cookie, json: { otherUserId: ann.id, itemId: lamp.id } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    answeredBy.push(opened.requestId);
    const conversationId = (opened.body as { conversation: { id: string } }).conversation.id;
    const first = await sendMessage(ben, conversationId, 'When can I pick it up?');
    answeredBy.push(first.requestId);
    await received(annTab, { type: 'messages.created', data: { conversationId, messageId: first.id, senderId: ben.id } });

    // Round robin: those requests were answered by all three instances, and the sockets by some of them.
    expect(new Set(await Promise.all(answeredBy.map(instanceOf)))).toEqual(new Set([0, 1, 2]));

    // Each instance sees the member's own address, not the proxy's, and not what the member claims.
    const probe = randomUUID();
    await new Promise<void>((resolve, reject) => {
      nodeHttp
        .get(`${origin}/api/me`, { localAddress: MEMBER_ADDRESS, headers: { 'x-request-id': probe, 'x-forwarded-for': '203.0.113.9' } }, (response) => {
          response.resume();
          response.once('end', resolve);
        })
        .once('error', reject);
    });
    expect((await loggedBy(probe)).entry.req.remoteAddress).toBe(MEMBER_ADDRESS);

    // The instance holding Ann's socket is killed while Ben keeps writing. SIGKILL, not SIGTERM: a
    // crash gives the proxy no warning and cuts off whatever that instance was answering, which is
    // the case its retries and health checks exist for (a SIGTERM closes sockets cleanly first).
    const victim = await instanceOf(annTab.handshakes[0]!);
    const acknowledged: string[] = [first.id];
    let killed = false;
    let sentSinceKill = 0;
    const writing = (async () => {
      for (let i = 1; !killed || sentSinceKill < 10; i++) {
        acknowledged.push((await sendMessage(ben, conversationId, `Message ${i}`)).id);
        if (killed) sentSinceKill++;
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await crash(instances.servers[victim]!);
    killed = true;
    await writing;

    // Ann's tab reconnected through the proxy to a live instance, which delivers live again.
    await expect.poll(() => annTab.handshakes.length, { timeout: 10_000 }).toBe(2);
    expect(await instanceOf(annTab.handshakes[1]!)).not.toBe(victim);
    const afterReconnect = await sendMessage(ben, conversationId, 'Still there?');
    acknowledged.push(afterReconnect.id);
    await received(annTab, { type: 'messages.created', data: { conversationId, messageId: afterReconnect.id, senderId: ben.id } });

    // Her refetch shows every message the server acknowledged, once each, and the swap as it was.
    const page = await http(origin, 'GET', `/api/conversations/${conversationId}/messages?limit=50`, { cookie: ann.cookie });
    expect(page.status).toBe(200);
    const shown = (page.body as { messages: { id: string }[] }).messages.map((message) => message.id);
    expect(shown.filter((id) => acknowledged.includes(id))).toEqual(acknowledged);
    expect(shown).toHaveLength(acknowledged.length);
    expect((await http(origin, 'GET', '/api/me', { cookie: ann.cookie })).body).toMatchObject({ user: { points: 130 } });
    expect((await http(origin, 'GET', `/api/proposals/${proposalId}`, { cookie: ann.cookie })).body).toMatchObject({
      proposal: { status: 'accepted', item: { id: lamp.id, status: 'swapped' } },
    });

    // Ben signs out through the proxy; his session is gone on both instances that are left, once the
    // other one hears of it (NOTIFY: it may have his session cached).
    benTab.close();
    annTab.close();
    const signedOut = await fetch(`${origin}/api/auth/logout`, { method: 'POST', headers: { origin, cookie: ben.cookie } });
    expect(signedOut.status).toBe(204);
    const left = instances.origins.filter((_, instance) => instance !== victim);
    const asked = () => Promise.all([origin, ...left].map(async (to) => (await http(to, 'GET', '/api/me', { cookie: ben.cookie })).status));
    await expect.poll(asked, { timeout: 10_000 }).toEqual([401, 401, 401]);
  }, 90_000);
});
