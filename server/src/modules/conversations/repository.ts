import { and, count, desc, eq, gte, ilike, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { conversationMembers, conversations, items, messages, users } from '../../db/schema/index.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { likeAnywhere } from '../../db/like-pattern.ts';
import { allColumnsAs, firstRow, rowFromJson, withSteps, type StatementStep } from '../../db/statement-steps.ts';
import { presenceColumns } from '../presence/present-presence.ts';
import { ownerOfImageKey } from '../uploads/image-keys.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Order-free: the same two members and item always give the same key. */
export function pairKey(a: string, b: string, itemId: string | null): string {
  return [...[a, b].sort(), itemId ?? 'none'].join(':');
}

/** Every conversation of the two members, about any item or none: their keys (pairKey) share the pair's prefix, and uuids hold no LIKE wildcard. */
export async function idsBetween(db: Executor, a: string, b: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(like(conversations.pairKey, `${[a, b].sort().join(':')}:%`));
  return rows.map((row) => row.id);
}

/** Creates the conversation and its two members, or finds the one that exists; safe when both race. */
export async function findOrCreate(
  db: Executor,
  members: [string, string],
  itemId: string | null,
  lastMessage: string,
  startedBy: string,
): Promise<ConversationRow> {
  const key = pairKey(members[0], members[1], itemId);
  const [created] = await db
    .insert(conversations)
    .values({ pairKey: key, itemId, lastMessage, startedBy })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await db.insert(conversationMembers).values(members.map((userId) => ({ conversationId: created.id, userId })));
    return created;
  }
  return (await findByMembers(db, members, itemId))!;
}

export async function findByMembers(db: Executor, members: [string, string], itemId: string | null): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.pairKey, pairKey(members[0], members[1], itemId)));
  return row;
}

/** When the member opened the conversations they opened since then, for new members' daily limit. */
export async function startedSince(db: Executor, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: conversations.createdAt })
    .from(conversations)
    .where(and(eq(conversations.startedBy, userId), gte(conversations.createdAt, since)));
  return rows.map((row) => row.createdAt);
}

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function memberIds(db: Executor, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

const me = alias(conversationMembers, 'me');
const them = alias(conversationMembers, 'them');

/** Those of the members who share a conversation with the member, opened or written in. */
export async function partnersAmong(db: Executor, userId: string, memberIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: them.userId })
    .from(me)
    .innerJoin(them, eq(them.conversationId, me.conversationId))
    .where(and(eq(me.userId, userId), inArray(them.userId, memberIds), ne(them.userId, userId)));
  return rows.map((row) => row.userId);
}

export interface ConversationFilter {
  /** That one conversation, even before its first message. */
  onlyId?: string | undefined;
  /** Text found in the other member's name, the item's title, or any message. */
  q?: string | undefined;
  /** With `q`: the previews of ours (a photo, a removed message) that say it in the reader's language. */
  previewsSaying?: readonly PreviewKind[];
}

/** What the newest message is; the list says it in the reader's language unless it is a member's words. */
export type PreviewKind = ConversationRow['lastMessageKind'];

/** Conversations whose name, item, preview or any message holds the text, matched in any case. */
function mentioning(text: string, previewsSaying: readonly PreviewKind[]) {
  const pattern = likeAnywhere(text);
  return or(
    ilike(users.displayName, pattern),
    ilike(items.title, pattern),
    previewsSaying.length > 0 ? inArray(conversations.lastMessageKind, [...previewsSaying]) : undefined,
    sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.removedAt} is null and ${messages.text} ilike ${pattern})`,
  );
}

/** The member's conversations, newest message first, with the other member, the item and the unread count. */
export function listForMember(
  db: Executor,
  userId: string,
  cursor: Cursor | undefined,
  limit: number,
  { onlyId, q, previewsSaying = [] }: ConversationFilter = {},
) {
  return db
    .select({
      conversation: conversations,
      cursorAt: sql<string>`${conversations.lastMessageAt}::text`,
      other: { id: users.id, displayName: users.displayName, photoUrl: users.photoUrl, deletedAt: users.deletedAt },
      itemTitle: items.title,
      otherPresence: presenceColumns,
      unreadCount: sql<number>`(
        select count(*)::int from ${messages}
        where ${messages.conversationId} = ${conversations.id}
          and ${messages.senderId} <> ${userId}
          and ${messages.createdAt} > ${me.lastReadAt})`,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(them, and(eq(them.conversationId, conversations.id), ne(them.userId, userId)))
    .innerJoin(users, eq(users.id, them.userId))
    .leftJoin(items, eq(items.id, conversations.itemId))
    .where(
      and(
        eq(me.userId, userId),
        // A conversation opened but never written in is nobody's news: it is listed from its first message.
        onlyId ? eq(conversations.id, onlyId) : ne(conversations.lastMessageKind, 'none'),
        q ? mentioning(q, previewsSaying) : undefined,
        after(conversations.lastMessageAt, conversations.id, cursor),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
}

export function listMessages(db: Executor, conversationId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ message: messages, cursorAt: sql<string>`${messages.createdAt}::text` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        after(messages.createdAt, messages.id, cursor),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export async function findByClientId(db: Executor, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

export async function markConversationRead(db: Executor, conversationId: string, userId: string): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ lastReadAt: sql`now()` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
}

/**
 * What a send must know before it writes, in one statement: the conversation (undefined: none),
 * its members, the sender's earlier message with this client id (a retry), and the facts other
 * modules add about the receiver, given to them as an expression of this statement
 * (docs/decisions/029).
 */
export async function sendContext<Facts extends Record<string, SQL>>(
  db: Executor,
  conversationId: string,
  senderId: string,
  clientId: string,
  facts: (receiver: SQL) => Facts,
): Promise<{ conversation: { itemId: string | null } | undefined; memberIds: string[]; earlier: MessageRow | undefined } & { [K in keyof Facts]: Facts[K] extends SQL<infer T> ? T : never }> {
  const receiver = sql`(select ${conversationMembers.userId} from ${conversationMembers}
    where ${conversationMembers.conversationId} = ${conversationId} and ${conversationMembers.userId} <> ${senderId} limit 1)`;
  const extra = Object.entries(facts(receiver)).map(([name, fact]) => sql`${fact} as ${sql.identifier(name)}`);
  const row = firstRow<Record<string, unknown>>(
    await db.execute(sql`select
      (select json_build_object('itemId', ${conversations.itemId}) from ${conversations} where ${conversations.id} = ${conversationId}) as "conversation",
      array(select ${conversationMembers.userId}::text from ${conversationMembers} where ${conversationMembers.conversationId} = ${conversationId}) as "memberIds",
      (select row_to_json(earlier) from (select ${allColumnsAs(messages)} from ${messages}
        where ${messages.senderId} = ${senderId} and ${messages.clientId} = ${clientId}) earlier) as "earlier",
      ${sql.join(extra, sql`, `)}`),
  );
  const earlier = row.earlier as Record<string, unknown> | null;
  return {
    ...row,
    conversation: (row.conversation as { itemId: string | null } | null) ?? undefined,
    earlier: earlier ? rowFromJson(messages, earlier) : undefined,
  } as Awaited<ReturnType<typeof sendContext<Facts>>>;
}

/**
 * The step of sendSteps that yields the message written. The steps other modules add after it must
 * read from it (or from a step that does): that alone makes them run after the pair's lock (StatementStep).
 */
export const MESSAGE_STEP = 'message';
/** The step of sendSteps that holds the blockers found under the pair's lock. */
const GUARD_STEP = 'guard';

/**
 * The sender's message as steps of one statement with no transaction around it (docs/decisions/029):
 * `blockers` (blocks' lock and read, in the first step, which the message's step reads) must be
 * empty for the message to be written; a retry whose first send got there first writes nothing (messages_sender_client_key); only a
 * message written touches the conversation and marks it read for its sender.
 */
export function sendSteps(
  blockers: SQL<string[]>,
  values: Pick<MessageRow, 'conversationId' | 'senderId' | 'clientId' | 'text' | 'imageKey'> & { lastMessage: string },
): StatementStep[] {
  const guard = sql.identifier(GUARD_STEP);
  const message = sql.identifier(MESSAGE_STEP);
  return [
    { name: GUARD_STEP, sql: sql`select ${blockers}::text[] as blockers` },
    {
      name: MESSAGE_STEP,
      sql: sql`insert into ${messages} (conversation_id, sender_id, client_id, text, image_key)
        select ${values.conversationId}::uuid, ${values.senderId}::uuid, ${values.clientId}::uuid, ${values.text}::text, ${values.imageKey}::text
        from ${guard} where cardinality(${guard}.blockers) = 0
        on conflict do nothing
        returning ${allColumnsAs(messages)}`,
    },
    {
      name: 'touched',
      sql: sql`update ${conversations} set last_message = ${values.lastMessage}, last_message_kind = ${values.text ? 'text' : 'photo'},
          last_message_at = ${message}."createdAt"
        from ${message} where ${conversations.id} = ${values.conversationId}`,
    },
    {
      name: 'read_by_sender',
      sql: sql`update ${conversationMembers} set last_read_at = now() from ${message}
        where ${conversationMembers.conversationId} = ${values.conversationId} and ${conversationMembers.userId} = ${values.senderId}`,
    },
  ];
}

/**
 * Runs sendSteps with the steps others added: the blockers its lock found, the message (undefined:
 * blocked, or written already by the first send of a retry), and the row of the step named `returned`.
 */
export async function writeMessage(
  db: Executor,
  steps: StatementStep[],
  returned: string,
): Promise<{ blockerIds: string[]; message: MessageRow | undefined; returned: Record<string, unknown> | undefined }> {
  const row = firstRow<{ blockerIds: string[]; message: Record<string, unknown> | null; returned: Record<string, unknown> | null }>(
    await db.execute(
      withSteps(
        steps,
        sql`select (select blockers from ${sql.identifier(GUARD_STEP)}) as "blockerIds",
          (select row_to_json(written) from ${sql.identifier(MESSAGE_STEP)} written) as "message",
          (select row_to_json(other) from ${sql.identifier(returned)} other) as "returned"`,
      ),
    ),
  );
  return { blockerIds: row.blockerIds, message: row.message ? rowFromJson(messages, row.message) : undefined, returned: row.returned ?? undefined };
}

export async function unreadConversationCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(me)
    .where(
      and(
        eq(me.userId, userId),
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${me.conversationId}
          and ${messages.senderId} <> ${userId} and ${messages.createdAt} > ${me.lastReadAt})`,
      ),
    );
  return row?.n ?? 0;
}


/**
 * The member's replies since `since` and their median wait in seconds, in one statement
 * (docs/decisions/015): a reply is a message of theirs whose previous message in the conversation
 * is the other member's. Only conversations with a message since then can hold one, but a reply's
 * previous message may be older, so those conversations are read whole, through the messages index.
 */
export async function replyTimes(db: Executor, userId: string, since: Date): Promise<{ replies: number; medianSeconds: number | null }> {
  const active = db
    .select({ id: me.conversationId })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .where(and(eq(me.userId, userId), gte(conversations.lastMessageAt, since)));
  const window = sql`over (partition by ${messages.conversationId} order by ${messages.createdAt}, ${messages.id})`;
  const ordered = db.$with('ordered').as(
    db
      .select({
        senderId: messages.senderId,
        createdAt: messages.createdAt,
        previousSenderId: sql<string | null>`lag(${messages.senderId}) ${window}`.as('previous_sender_id'),
        waitedSeconds: sql<number | null>`extract(epoch from ${messages.createdAt} - lag(${messages.createdAt}) ${window})`.as('waited_seconds'),
      })
      .from(messages)
      .where(inArray(messages.conversationId, active)),
  );
  const [row] = await db
    .with(ordered)
    .select({
      replies: sql<number>`count(*)::int`,
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by ${ordered.waitedSeconds})`.mapWith(Number),
    })
    .from(ordered)
    .where(and(eq(ordered.senderId, userId), ne(ordered.previousSenderId, userId), gte(ordered.createdAt, since)));
  return row ?? { replies: 0, medianSeconds: null };
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** The message and the few before it in its conversation, oldest first, with each sender's name. */
export async function messageWithBefore(db: Executor, message: MessageRow, before: number) {
  const rows = await db
    .select({ message: messages, senderName: users.displayName, senderDeletedAt: users.deletedAt })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, message.conversationId),
        // Compared in SQL: a JavaScript Date would drop the microseconds that order messages sent in the same millisecond.
        sql`(${messages.createdAt}, ${messages.id}) <= (select m.created_at, m.id from ${messages} m where m.id = ${message.id})`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(before + 1);
  return rows.reverse();
}

/** Marks the message removed; when it was the conversation's newest, the list's preview loses its words too. */
export async function markRemoved(db: Executor, message: MessageRow): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ removedAt: sql`now()` })
    .where(and(eq(messages.id, message.id), isNull(messages.removedAt)))
    .returning();
  if (row) {
    await db
      .update(conversations)
      .set({ lastMessage: '', lastMessageKind: 'removed' })
      .where(
        and(
          eq(conversations.id, message.conversationId),
          // By the newest message's id, not by time: the list's time was stored from a millisecond Date.
          sql`${message.id} = (select m.id from ${messages} m where m.conversation_id = ${message.conversationId} order by m.created_at desc, m.id desc limit 1)`,
        ),
      );
  }
  return row;
}

/**
 * Whether the member is in a conversation where this photo was sent and not removed. The key names
 * its sender, so the lookup walks only their messages (messages_sender_client_key).
 */
export async function photoSeenBy(db: Executor, viewerId: string, imageKey: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)))
    .where(and(eq(messages.senderId, ownerOfImageKey(imageKey)), eq(messages.imageKey, imageKey), isNull(messages.removedAt)))
    .limit(1);
  return row !== undefined;
}
