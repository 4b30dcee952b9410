import { randomUUID } from 'node:crypto';
import { png } from '../images.ts';
import { multipart } from '../multipart.ts';

/** A small seeded PRNG (mulberry32): the same seed makes the same choices and the same kill times. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface CrashMember {
  index: number;
  id: string;
  email: string;
  password: string;
  /** The Cookie header of the session made at sign-up: it lives in the database, so it outlives a crash. */
  cookie: string;
}

/** Everything the server ACKNOWLEDGED (a 2xx response reached the client): all of it must survive a crash. */
export interface Acknowledged {
  members: CrashMember[];
  items: Map<string, { ownerId: string; title: string }>;
  proposals: Map<
    string,
    {
      senderId: string;
      receiverId: string;
      itemId: string;
      offerItemId: string | null;
      pointsOffer: number;
      /** The answer the server acknowledged, if any. */
      answer: 'accepted' | 'declined' | null;
    }
  >;
  /** Items swapped by an acknowledged accept. */
  swapped: Set<string>;
  conversations: Map<string, { id: string; memberIds: [string, string] }>;
  messages: Map<string, { conversationId: string; senderId: string; clientId: string; text: string }>;
}

export function emptyAcknowledged(): Acknowledged {
  return { members: [], items: new Map(), proposals: new Map(), swapped: new Set(), conversations: new Map(), messages: new Map() };
}

export interface HttpResult {
  status: number;
  body: unknown;
}

/** Real HTTP to the child process: same-origin, as a browser on the server's own page sends it. */
export async function http(
  origin: string,
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
): Promise<HttpResult & { setCookie: string[]; requestId: string | null }> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Buffer | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = options.body;
  }
  const response = await fetch(`${origin}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, body: parsed, setCookie: response.headers.getSetCookie(), requestId: response.headers.get('x-request-id') };
}

export const PASSWORD = 'correct horse battery';

/** Sign-ups happen before the load (10 per hour per IP), and each one must succeed. */
export async function registerMembers(origin: string, count: number, ack: Acknowledged): Promise<void> {
  for (let i = 0; i < count; i++) {
    const index = ack.members.length;
    const email = `crash-${index}-${randomUUID()}@example.com`;
    const response = await http(origin, 'POST', '/api/auth/register', {
      json: { displayName: `Crash Member ${index}`, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
    const cookie = response.setCookie.map((c) => c.split(';')[0]!).find((c) => c.split('=')[0]!.endsWith('swapyard_session'));
    if (!cookie) throw new Error('no session cookie from register');
    const id = (response.body as { user: { id: string } }).user.id;
    ack.members.push({ index, id, email, password: PASSWORD, cookie });
  }
}

/** Lists `perMember` items for every member before the load, so proposals have something to point at. */
export async function listItems(origin: string, ack: Acknowledged, image: Buffer, perMember: number): Promise<void> {
  await Promise.all(
    ack.members.map(async (member) => {
      for (let i = 0; i < perMember; i++) {
        const title = `Starter item ${member.index}-${i}`;
        const form = multipart(
          { title, description: 'Listed before the load.', category: 'Other', value: '25', location: 'Leeds' },
          [{ name: 'photo.png', bytes: image, type: 'image/png' }],
        );
        const result = await http(origin, 'POST', '/api/items', { cookie: member.cookie, body: form.body, contentType: form.contentType });
        if (result.status !== 201) throw new Error(`listing failed: ${result.status} ${JSON.stringify(result.body)}`);
        ack.items.set((result.body as { item: { id: string } }).item.id, { ownerId: member.id, title });
      }
    }),
  );
}

/** What one server lifetime may send per member, under DEFAULT_RATE_LIMITS (counted per process). */
const CAPS = { items: 12, proposals: 25, messages: 90 };

export interface LoadRun {
  /** Stops new requests; the ones in flight still count if they are acknowledged. */
  stop(): void;
  /** Settles once every loop has ended. */
  done: Promise<void>;
  /** 5xx answers, and transport errors before stop(): none is expected. */
  failures: string[];
  counts: Record<string, number>;
}

/**
 * Two loops per member, run concurrently: a trader (lists items, proposes with points and
 * sometimes an item of their own, accepts or declines what they received) and a chatter.
 * Only acknowledged writes are recorded in `ack`.
 */
export function startLoad(origin: string, ack: Acknowledged, random: () => number, image: Buffer): LoadRun {
  let stopped = false;
  const failures: string[] = [];
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const sent = new Map<string, { items: number; proposals: number; messages: number }>();
  /** Proposals known to be answered, and items known to be gone, so the load does not keep hitting them. */
  const closed = new Set<string>();
  const gone = new Set<string>();
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];

  async function request(
    label: string,
    method: 'GET' | 'POST',
    url: string,
    options: Parameters<typeof http>[3],
  ): Promise<HttpResult | undefined> {
    count(`${label} sent`);
    try {
      const result = await http(origin, method, url, options);
      count(`${label} ${result.status}`);
      if (result.status >= 500) failures.push(`${label} ${method} ${url}: ${result.status} ${JSON.stringify(result.body)}`);
      return result;
    } catch (error) {
      // After stop() the server is being killed: an unanswered request was never acknowledged.
      if (!stopped) failures.push(`${label} ${method} ${url}: ${String((error as Error).cause ?? error)}`);
      return undefined;
    }
  }

  const availableOf = (ownerId: string) =>
    [...ack.items].filter(([id, item]) => item.ownerId === ownerId && !ack.swapped.has(id) && !gone.has(id)).map(([id]) => id);

  async function createItem(member: CrashMember, budget: { items: number }): Promise<void> {
    budget.items++;
    const title = `Crash item ${member.index}-${budget.items}-${Math.floor(random() * 1e6)}`;
    const form = multipart(
      { title, description: 'Listed during a crash test.', category: 'Other', value: String(10 + Math.floor(random() * 90)), location: 'Bristol' },
      [{ name: 'photo.png', bytes: image, type: 'image/png' }],
    );
    const result = await request('item', 'POST', '/api/items', { cookie: member.cookie, body: form.body, contentType: form.contentType });
    if (result?.status === 201) ack.items.set((result.body as { item: { id: string } }).item.id, { ownerId: member.id, title });
  }

  async function propose(member: CrashMember, budget: { proposals: number }): Promise<boolean> {
    const pendingMine = new Set(
      [...ack.proposals.values()].filter((p) => p.senderId === member.id && p.answer === null).map((p) => p.itemId),
    );
    const others = [...ack.items]
      .filter(([id, item]) => item.ownerId !== member.id && !ack.swapped.has(id) && !gone.has(id) && !pendingMine.has(id))
      .map(([id]) => id);
    const itemId = pick(others);
    if (!itemId) return false;
    const offerItemId = random() < 0.3 ? (pick(availableOf(member.id)) ?? null) : null;
    const pointsOffer = random() < 0.2 ? 0 : 1 + Math.floor(random() * 35);
    budget.proposals++;
    const result = await request('proposal', 'POST', '/api/proposals', {
      cookie: member.cookie,
      json: { itemId, message: `Crash offer from ${member.index}`, pointsOffer, offerItemId },
    });
    if (result?.status === 201) {
      const proposal = (result.body as { proposal: { id: string; receiver: { id: string } } }).proposal;
      ack.proposals.set(proposal.id, { senderId: member.id, receiverId: proposal.receiver.id, itemId, offerItemId, pointsOffer, answer: null });
    } else if (result?.status === 409) {
      gone.add(itemId);
    }
    return true;
  }

  async function answer(member: CrashMember): Promise<boolean> {
    const received = [...ack.proposals].filter(([id, p]) => p.receiverId === member.id && p.answer === null && !closed.has(id));
    const chosen = pick(received);
    if (!chosen) return false;
    const [id, proposal] = chosen;
    const action = random() < 0.8 ? 'accept' : 'decline';
    const result = await request(action, 'POST', `/api/proposals/${id}/${action}`, { cookie: member.cookie });
    if (result?.status === 200) {
      const status = (result.body as { proposal: { status: string } }).proposal.status;
      if (status !== (action === 'accept' ? 'accepted' : 'declined')) failures.push(`${action} ${id} answered 200 with status ${status}`);
      proposal.answer = action === 'accept' ? 'accepted' : 'declined';
      if (action === 'accept') {
        ack.swapped.add(proposal.itemId);
        if (proposal.offerItemId) ack.swapped.add(proposal.offerItemId);
      }
    } else if (result?.status === 409) {
      closed.add(id);
    }
    return true;
  }

  async function trader(member: CrashMember): Promise<void> {
    const budget = sent.get(member.id)!;
    while (!stopped) {
      const roll = random();
      const mine = availableOf(member.id).length;
      if ((mine < 2 || roll < 0.15) && budget.items < CAPS.items) await createItem(member, budget);
      else if (roll < 0.5 && (await answer(member))) continue;
      else if (budget.proposals < CAPS.proposals && (await propose(member, budget))) continue;
      else if (!(await answer(member))) await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  async function chatter(member: CrashMember): Promise<void> {
    const budget = sent.get(member.id)!;
    let n = 0;
    while (!stopped && budget.messages < CAPS.messages) {
      const other = pick(ack.members.filter((m) => m.id !== member.id))!;
      const memberIds = [member.id, other.id].sort() as [string, string];
      const key = memberIds.join(':');
      let conversation = ack.conversations.get(key);
      if (!conversation) {
        const result = await request('conversation', 'POST', '/api/conversations', { cookie: member.cookie, json: { otherUserId: other.id } });
        if (result?.status !== 200) continue;
        conversation = { id: (result.body as { conversation: { id: string } }).conversation.id, memberIds };
        ack.conversations.set(key, conversation);
      }
      budget.messages++;
      const clientId = randomUUID();
      const text = `crash message ${member.index}-${++n}`;
      const result = await request('message', 'POST', `/api/conversations/${conversation.id}/messages`, {
        cookie: member.cookie,
        json: { clientId, text },
      });
      if (result?.status === 200) {
        const message = (result.body as { message: { id: string } }).message;
        ack.messages.set(message.id, { conversationId: conversation.id, senderId: member.id, clientId, text });
      }
      // Chat is cheap: without a pause it would crowd the listings and proposals out.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 60)));
    }
  }

  const loops: Promise<void>[] = [];
  for (const member of ack.members) {
    sent.set(member.id, { items: 0, proposals: 0, messages: 0 });
    loops.push(trader(member), chatter(member));
  }
  return {
    stop: () => {
      stopped = true;
    },
    done: Promise.allSettled(loops).then(() => undefined),
    failures,
    counts,
  };
}

export function testImage(): Promise<Buffer> {
  return png(64, 48);
}
