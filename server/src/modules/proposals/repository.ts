import type { ProposalStatus } from '@swapyard/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { idempotencyKeys, proposals, ratings } from '../../db/schema/index.ts';
import { after, type Cursor } from '../../db/keyset.ts';

export type ProposalRow = typeof proposals.$inferSelect;

export async function findProposal(db: Executor, id: string): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
  return row;
}

export async function lockProposal(db: Executor, id: string): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
  return row;
}

/** Undefined when the sender already has a pending proposal for this item. */
export async function insertProposal(
  db: Executor,
  values: Pick<ProposalRow, 'senderId' | 'receiverId' | 'itemId' | 'offerItemId' | 'pointsOffer' | 'message'> &
    Partial<Pick<ProposalRow, 'offeredBy' | 'counteredFromId'>>,
): Promise<ProposalRow | undefined> {
  const [row] = await db.insert(proposals).values({ offeredBy: values.senderId, ...values }).onConflictDoNothing().returning();
  return row;
}

type Resolution = Exclude<ProposalStatus, 'pending'>;

export async function resolve(db: Executor, id: string, status: Resolution): Promise<ProposalRow> {
  const [row] = await resolveAll(db, [id], status);
  return row!;
}

export async function resolveAll(
  db: Executor,
  ids: string[],
  status: Resolution,
): Promise<ProposalRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(proposals)
    .set({ status, resolvedAt: sql`now()` })
    .where(inArray(proposals.id, ids))
    .returning();
}

/**
 * The pending proposals that ask for or offer this item, locked in id order. Called with the
 * item's row already locked: items before proposals, the order every transaction keeps.
 */
export function lockPendingInvolving(db: Executor, itemId: string) {
  return db
    .select()
    .from(proposals)
    .where(and(eq(proposals.status, 'pending'), or(eq(proposals.itemId, itemId), eq(proposals.offerItemId, itemId))))
    .orderBy(asc(proposals.id))
    .for('update');
}

/** The member's pending proposals, locked in id order; called after the items they touch are locked, or with none needed. */
export function lockPendingSentBy(db: Executor, senderId: string) {
  return db
    .select()
    .from(proposals)
    .where(and(eq(proposals.status, 'pending'), eq(proposals.senderId, senderId)))
    .orderBy(asc(proposals.id))
    .for('update');
}

/** The pending proposals between two members, whichever of them sent each, locked in id order. */
export function lockPendingBetween(db: Executor, a: string, b: string) {
  return db
    .select()
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'pending'),
        or(and(eq(proposals.senderId, a), eq(proposals.receiverId, b)), and(eq(proposals.senderId, b), eq(proposals.receiverId, a))),
      ),
    )
    .orderBy(asc(proposals.id))
    .for('update');
}

/** Every pending proposal the member sent or received, locked in id order, after the member's items. */
export function lockPendingOf(db: Executor, userId: string) {
  return db
    .select()
    .from(proposals)
    .where(and(eq(proposals.status, 'pending'), or(eq(proposals.senderId, userId), eq(proposals.receiverId, userId))))
    .orderBy(asc(proposals.id))
    .for('update');
}

/** Every other pending proposal that asks for or offers one of these items: they can no longer happen. */
export function declineConflicting(db: Executor, itemIds: string[], acceptedId: string) {
  return db
    .update(proposals)
    .set({ status: 'declined', resolvedAt: sql`now()` })
    .where(
      and(
        eq(proposals.status, 'pending'),
        ne(proposals.id, acceptedId),
        or(inArray(proposals.itemId, itemIds), inArray(proposals.offerItemId, itemIds)),
      ),
    )
    .returning();
}

export interface ProposalFilter {
  box: 'received' | 'sent';
  itemId?: string | undefined;
  status?: ProposalStatus | undefined;
}

export function listForUser(db: Executor, userId: string, filter: ProposalFilter, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ proposal: proposals, cursorAt: sql<string>`${proposals.createdAt}::text` })
    .from(proposals)
    .where(
      and(
        eq(filter.box === 'received' ? proposals.receiverId : proposals.senderId, userId),
        filter.itemId === undefined ? undefined : eq(proposals.itemId, filter.itemId),
        // A countered offer lives on in its counter's thread; the lists show the negotiation once.
        filter.status === undefined ? ne(proposals.status, 'countered') : eq(proposals.status, filter.status),
        after(proposals.createdAt, proposals.id, cursor),
      ),
    )
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(limit);
}

/**
 * Every offer between two members about one item, asked for or offered, whichever of them sent it and
 * however it ended: the chat about that item shows them all.
 */
export function listBetween(db: Executor, pair: [string, string], itemId: string, cursor: Cursor | undefined, limit: number) {
  const [a, b] = pair;
  return db
    .select({ proposal: proposals, cursorAt: sql<string>`${proposals.createdAt}::text` })
    .from(proposals)
    .where(
      and(
        or(eq(proposals.itemId, itemId), eq(proposals.offerItemId, itemId)),
        or(and(eq(proposals.senderId, a), eq(proposals.receiverId, b)), and(eq(proposals.senderId, b), eq(proposals.receiverId, a))),
        after(proposals.createdAt, proposals.id, cursor),
      ),
    )
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(limit);
}

/**
 * The earlier offers of these proposals' threads, in one query: each counter names the offer it
 * answered, and the walk follows those links back to each first offer.
 */
export async function earlierOffers(db: Executor, rows: ProposalRow[]): Promise<ProposalRow[]> {
  const answered = [...new Set(rows.flatMap((row) => (row.counteredFromId ? [row.counteredFromId] : [])))];
  if (answered.length === 0) return [];
  return db
    .select()
    .from(proposals)
    .where(
      sql`${proposals.id} IN (
        WITH RECURSIVE chain(id, answered_id) AS (
          SELECT id, countered_from_id FROM proposals WHERE ${inArray(proposals.id, answered)}
          UNION
          SELECT p.id, p.countered_from_id FROM proposals p JOIN chain ON p.id = chain.answered_id
        )
        SELECT id FROM chain
      )`,
    );
}

/** The counters that replaced these offers, by the offer each answered. */
export async function countersOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: proposals.id, from: proposals.counteredFromId })
    .from(proposals)
    .where(inArray(proposals.counteredFromId, ids));
  return new Map(rows.map((row) => [row.from!, row.id]));
}

export function ratingsBy(db: Executor, raterId: string, proposalIds: string[]) {
  return proposalIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ proposalId: ratings.proposalId, stars: ratings.stars, comment: ratings.comment })
        .from(ratings)
        .where(and(eq(ratings.raterId, raterId), inArray(ratings.proposalId, proposalIds)));
}

/** The ratings a member received, or gave, newest first. */
export function ratingsOf(db: Executor, side: 'received' | 'given', memberId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({
      proposalId: ratings.proposalId,
      raterId: ratings.raterId,
      rateeId: ratings.rateeId,
      stars: ratings.stars,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      cursorAt: sql<string>`${ratings.createdAt}::text`,
    })
    .from(ratings)
    .where(
      and(
        eq(side === 'received' ? ratings.rateeId : ratings.raterId, memberId),
        after(ratings.createdAt, ratings.proposalId, cursor),
      ),
    )
    .orderBy(desc(ratings.createdAt), desc(ratings.proposalId))
    .limit(limit);
}

/** False when this rater already rated this swap. */
export async function insertRating(
  db: Executor,
  values: { proposalId: string; raterId: string; rateeId: string; stars: number; comment: string },
): Promise<boolean> {
  const inserted = await db.insert(ratings).values(values).onConflictDoNothing().returning({ stars: ratings.stars });
  return inserted.length > 0;
}

/** Claims the key for this request; false when it was claimed before (a retry, or a reuse). */
export async function claimIdempotencyKey(db: Executor, userId: string, key: string, scope: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, scope, statusCode: 200, body: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * The member's completed swaps, on either side: served by the sender and receiver indexes together
 * (a bitmap OR); a member has few proposals, so the checks on each are cheap.
 */
export async function countCompletedInvolving(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'accepted'),
        isNotNull(proposals.completedAt),
        or(eq(proposals.senderId, userId), eq(proposals.receiverId, userId)),
      ),
    );
  return row?.n ?? 0;
}

/** The hand-over's columns a member may write: the arrangement, a side's confirmation, completion. */
export type HandoverChange = Partial<
  Pick<ProposalRow, 'handoverPlace' | 'handoverAt' | 'senderConfirmedAt' | 'receiverConfirmedAt' | 'completedAt'>
>;

/** Called with the proposal's row locked (lockProposal), in the same transaction. */
export async function updateHandover(db: Executor, id: string, change: HandoverChange): Promise<ProposalRow> {
  const [row] = await db.update(proposals).set(change).where(eq(proposals.id, id)).returning();
  return row!;
}

/**
 * Marks, for one side, the accepted swaps that side has not confirmed `days` after Accept (and
 * accepted no longer ago than `untilDays`) and was never reminded of, and returns them. Each row is marked once whichever instance sweeps: rows
 * another sweep (or a confirm) holds are skipped, and a marked row no longer matches.
 */
export function markHandoverReminders(
  db: Executor,
  side: 'sender' | 'receiver',
  { days, untilDays, limit }: { days: number; untilDays: number; limit: number },
): Promise<ProposalRow[]> {
  const confirmedAt = side === 'sender' ? proposals.senderConfirmedAt : proposals.receiverConfirmedAt;
  const remindedAt = side === 'sender' ? proposals.senderRemindedAt : proposals.receiverRemindedAt;
  const due = db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'accepted'),
        sql`${proposals.completedAt} IS NULL`,
        sql`${proposals.resolvedAt} BETWEEN now() - make_interval(days => ${untilDays}) AND now() - make_interval(days => ${days})`,
        sql`${confirmedAt} IS NULL`,
        sql`${remindedAt} IS NULL`,
      ),
    )
    .orderBy(asc(proposals.resolvedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(proposals)
    .set(side === 'sender' ? { senderRemindedAt: sql`now()` } : { receiverRemindedAt: sql`now()` })
    .where(and(inArray(proposals.id, due), sql`${remindedAt} IS NULL`))
    .returning();
}

/** Called with the proposal's row locked: the accepted swap is undone (docs/decisions/018). */
export async function markReversed(db: Executor, id: string): Promise<ProposalRow> {
  const [row] = await db.update(proposals).set({ status: 'reversed', reversedAt: sql`now()` }).where(eq(proposals.id, id)).returning();
  return row!;
}

export function proposalsByIds(db: Executor, ids: string[]): Promise<ProposalRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : db.select().from(proposals).where(inArray(proposals.id, ids));
}
