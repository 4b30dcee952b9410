import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { conversations, items, messages, pointEntries, proposals, users } from '../../db/schema/index.ts';
import { http, type Acknowledged } from './load.ts';

const STARTING_POINTS = 100;

async function inBatches<T>(list: T[], size: number, work: (entry: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < list.length; i += size) await Promise.all(list.slice(i, i + size).map(work));
}

/**
 * Through the restarted server, as the members would see it: their sign-up sessions still work,
 * and every acknowledged listing, proposal (with its answer) and message is there. Returns the problems found.
 */
export async function verifyThroughApi(origin: string, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const memberOf = new Map(ack.members.map((m) => [m.id, m]));
  let total = 0;
  await inBatches(ack.members, 6, async (member) => {
    const me = await http(origin, 'GET', '/api/me', { cookie: member.cookie });
    const user = (me.body as { user?: { id: string; points: number } }).user;
    if (me.status !== 200 || user?.id !== member.id) {
      problems.push(`member ${member.index}: GET /api/me with the sign-up session answered ${me.status} ${JSON.stringify(me.body)}`);
      return;
    }
    total += user.points;
    if (user.points < 0) problems.push(`member ${member.index} has ${user.points} points`);
  });
  if (problems.length === 0 && total !== STARTING_POINTS * ack.members.length) {
    problems.push(`the members hold ${total} points in all, not ${STARTING_POINTS * ack.members.length}`);
  }
  const viewer = ack.members[0]!;
  await inBatches([...ack.items], 8, async ([id, expected]) => {
    const got = await http(origin, 'GET', `/api/items/${id}`, { cookie: viewer.cookie });
    const item = (got.body as { item?: { ownerId: string; status: string } }).item;
    if (got.status !== 200 || !item) return void problems.push(`acknowledged item ${id} is missing: ${got.status}`);
    if (item.ownerId !== expected.ownerId) problems.push(`item ${id} changed owner`);
    if (ack.swapped.has(id) && item.status !== 'swapped') problems.push(`item ${id} of an acknowledged accept is ${item.status}`);
  });
  await inBatches([...ack.proposals], 8, async ([id, expected]) => {
    const got = await http(origin, 'GET', `/api/proposals/${id}`, { cookie: memberOf.get(expected.senderId)!.cookie });
    const proposal = (got.body as { proposal?: { status: string; pointsOffer: number } }).proposal;
    if (got.status !== 200 || !proposal) return void problems.push(`acknowledged proposal ${id} is missing: ${got.status}`);
    if (expected.answer && proposal.status !== expected.answer) {
      problems.push(`proposal ${id} was acknowledged ${expected.answer} but is ${proposal.status}`);
    }
    if (proposal.pointsOffer !== expected.pointsOffer) problems.push(`proposal ${id} offers ${proposal.pointsOffer}, not ${expected.pointsOffer}`);
  });
  const expectedByConversation = new Map<string, Set<string>>();
  for (const [id, message] of ack.messages) {
    const set = expectedByConversation.get(message.conversationId) ?? new Set<string>();
    set.add(id);
    expectedByConversation.set(message.conversationId, set);
  }
  await inBatches([...ack.conversations.values()], 4, async (conversation) => {
    const reader = memberOf.get(conversation.memberIds[0])!;
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await http(origin, 'GET', `/api/conversations/${conversation.id}/messages?limit=50${query}`, { cookie: reader.cookie });
      if (page.status !== 200) return void problems.push(`acknowledged conversation ${conversation.id}: ${page.status}`);
      const body = page.body as { messages: { id: string }[]; nextCursor: string | null };
      for (const message of body.messages) seen.add(message.id);
      cursor = body.nextCursor;
    } while (cursor);
    for (const id of expectedByConversation.get(conversation.id) ?? []) {
      if (!seen.has(id)) problems.push(`acknowledged message ${id} is missing from conversation ${conversation.id}`);
    }
  });
  return problems;
}

/**
 * In the database itself: every acknowledged row is there as acknowledged, and the ledger holds:
 * each balance is the sum of its entries, none is negative, all points together are 100 per member,
 * and points moved exactly for the accepted proposals (whose items are all swapped).
 */
export async function verifyDatabase(db: Database, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const userRows = await db.select().from(users);
  const entryRows = await db.select().from(pointEntries);
  const proposalRows = await db.select().from(proposals);
  const itemRows = await db.select().from(items);
  const messageIds = [...ack.messages.keys()];
  const messageRows = messageIds.length ? await db.select().from(messages).where(inArray(messages.id, messageIds)) : [];
  const conversationIds = [...ack.conversations.values()].map((c) => c.id);
  const conversationRows = conversationIds.length
    ? await db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, conversationIds))
    : [];

  const userById = new Map(userRows.map((u) => [u.id, u]));
  for (const member of ack.members) {
    const row = userById.get(member.id);
    if (!row) problems.push(`acknowledged member ${member.index} (${member.id}) is missing`);
    else if (row.email !== member.email) problems.push(`member ${member.index} has email ${row.email}`);
  }
  // Sign-ups all happened before any crash, so there is no other member.
  if (userRows.length !== ack.members.length) problems.push(`${userRows.length} members in the database, ${ack.members.length} signed up`);

  const itemById = new Map(itemRows.map((i) => [i.id, i]));
  for (const [id, expected] of ack.items) {
    const row = itemById.get(id);
    if (!row) problems.push(`acknowledged item ${id} is missing`);
    else if (row.ownerId !== expected.ownerId || row.title !== expected.title) problems.push(`item ${id} is not as acknowledged`);
  }
  for (const id of ack.swapped) {
    const status = itemById.get(id)?.status;
    if (status !== 'swapped') problems.push(`item ${id} of an acknowledged accept is ${status}`);
  }

  const proposalById = new Map(proposalRows.map((p) => [p.id, p]));
  for (const [id, expected] of ack.proposals) {
    const row = proposalById.get(id);
    if (!row) {
      problems.push(`acknowledged proposal ${id} is missing`);
      continue;
    }
    if (
      row.senderId !== expected.senderId ||
      row.receiverId !== expected.receiverId ||
      row.itemId !== expected.itemId ||
      row.offerItemId !== expected.offerItemId ||
      row.pointsOffer !== expected.pointsOffer
    ) {
      problems.push(`proposal ${id} is not as acknowledged`);
    }
    if (expected.answer && row.status !== expected.answer) problems.push(`proposal ${id} was acknowledged ${expected.answer} but is ${row.status}`);
  }

  const messageById = new Map(messageRows.map((m) => [m.id, m]));
  for (const [id, expected] of ack.messages) {
    const row = messageById.get(id);
    if (!row) problems.push(`acknowledged message ${id} is missing`);
    else if (row.conversationId !== expected.conversationId || row.senderId !== expected.senderId || row.text !== expected.text || row.clientId !== expected.clientId) {
      problems.push(`message ${id} is not as acknowledged`);
    }
  }
  const conversationFound = new Set(conversationRows.map((c) => c.id));
  for (const id of conversationIds) if (!conversationFound.has(id)) problems.push(`acknowledged conversation ${id} is missing`);

  // The ledger.
  const sums = new Map<string, number>();
  const bonuses = new Map<string, number>();
  for (const entry of entryRows) {
    sums.set(entry.userId, (sums.get(entry.userId) ?? 0) + entry.amount);
    if (entry.reason === 'signup_bonus') bonuses.set(entry.userId, (bonuses.get(entry.userId) ?? 0) + 1);
  }
  let total = 0;
  for (const user of userRows) {
    total += user.points;
    if (user.points < 0) problems.push(`member ${user.id} has ${user.points} points`);
    if ((sums.get(user.id) ?? 0) !== user.points) problems.push(`member ${user.id} has ${user.points} points but ledger entries summing to ${sums.get(user.id) ?? 0}`);
    if (bonuses.get(user.id) !== 1) problems.push(`member ${user.id} has ${bonuses.get(user.id) ?? 0} signup bonuses`);
  }
  if (total !== STARTING_POINTS * userRows.length) problems.push(`${total} points in all for ${userRows.length} members`);
  for (const entry of entryRows) if (entry.balanceAfter < 0) problems.push(`ledger entry ${entry.id} leaves a negative balance`);

  const entriesOf = new Map<string, (typeof entryRows)[number][]>();
  for (const entry of entryRows) {
    if (!entry.proposalId) continue;
    entriesOf.set(entry.proposalId, [...(entriesOf.get(entry.proposalId) ?? []), entry]);
  }
  const swappedBy = new Map<string, number>();
  for (const proposal of proposalRows) {
    const entries = entriesOf.get(proposal.id) ?? [];
    if (proposal.status === 'accepted') {
      for (const itemId of [proposal.itemId, ...(proposal.offerItemId ? [proposal.offerItemId] : [])]) {
        swappedBy.set(itemId, (swappedBy.get(itemId) ?? 0) + 1);
        if (itemById.get(itemId)?.status !== 'swapped') problems.push(`item ${itemId} of accepted proposal ${proposal.id} is not swapped`);
      }
      const paid = entries.find((e) => e.reason === 'swap_paid');
      const received = entries.find((e) => e.reason === 'swap_received');
      const moved =
        proposal.pointsOffer === 0
          ? entries.length === 0
          : entries.length === 2 &&
            paid?.userId === proposal.senderId &&
            paid.amount === -proposal.pointsOffer &&
            received?.userId === proposal.receiverId &&
            received.amount === proposal.pointsOffer;
      if (!moved) problems.push(`accepted proposal ${proposal.id} (${proposal.pointsOffer} points) has ledger entries ${JSON.stringify(entries)}`);
    } else if (entries.length > 0) {
      problems.push(`${proposal.status} proposal ${proposal.id} moved points`);
    }
  }
  for (const item of itemRows) {
    const by = swappedBy.get(item.id) ?? 0;
    if (item.status === 'swapped' ? by !== 1 : by !== 0) problems.push(`item ${item.id} is ${item.status} and in ${by} accepted proposals`);
  }
  return problems;
}
