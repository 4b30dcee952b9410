import { sql } from 'drizzle-orm';
import { check, index, type AnyPgColumn, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    offerItemId: uuid('offer_item_id').references(() => items.id, { onDelete: 'set null' }),
    pointsOffer: integer('points_offer').notNull().default(0),
    message: text('message').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Who made this offer: the sender, or the receiver in a counter-offer. The other side answers it. */
    offeredBy: uuid('offered_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The offer this one countered (its status is then 'countered'): the thread of offers. */
    counteredFromId: uuid('countered_from_id').references((): AnyPgColumn => proposals.id, { onDelete: 'set null' }),
    /** Arranged after Accept, seen only by the two members. */
    handoverPlace: text('handover_place'),
    handoverAt: timestamp('handover_at', { withTimezone: true }),
    senderConfirmedAt: timestamp('sender_confirmed_at', { withTimezone: true }),
    receiverConfirmedAt: timestamp('receiver_confirmed_at', { withTimezone: true }),
    /** Both sides confirmed the hand-over. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When each side was reminded to confirm the hand-over: set once, by whichever instance's sweep got there first. */
    senderRemindedAt: timestamp('sender_reminded_at', { withTimezone: true }),
    receiverRemindedAt: timestamp('receiver_reminded_at', { withTimezone: true }),
    /** A moderator undid the swap (status 'reversed'); resolved_at keeps the time of Accept. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    check('proposals_points_offer_non_negative', sql`${t.pointsOffer} >= 0`),
    check('proposals_status_known', sql`${t.status} IN ('pending', 'accepted', 'declined', 'cancelled', 'countered', 'reversed')`),
    check('proposals_offered_by_a_side', sql`${t.offeredBy} IN (${t.senderId}, ${t.receiverId})`),
    index('proposals_countered_from_idx').on(t.counteredFromId),
    index('proposals_receiver_newest_idx').on(t.receiverId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('proposals_sender_newest_idx').on(t.senderId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('proposals_pending_item_idx').on(t.itemId).where(sql`${t.status} = 'pending'`),
    index('proposals_pending_offer_item_idx').on(t.offerItemId).where(sql`${t.status} = 'pending'`),
    // The reminder sweep's list: accepted swaps whose hand-over is still open, oldest Accept first.
    index('proposals_open_handover_idx')
      .on(t.resolvedAt)
      .where(sql`${t.status} = 'accepted' AND ${t.completedAt} IS NULL`),
    uniqueIndex('proposals_one_pending_per_sender_item_key')
      .on(t.senderId, t.itemId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.raterId] }),
    check('ratings_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
    index('ratings_ratee_idx').on(t.rateeId),
  ],
);

/**
 * A member's report that an accepted swap went wrong, for the moderators. Upheld, the swap is
 * reversed; the points the receiver could no longer give back are kept in `shortfall`.
 */
export const swapProblems = pgTable(
  'swap_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The moderator's reason, which both members are told. */
    resolution: text('resolution').notNull().default(''),
    shortfall: integer('shortfall').notNull().default(0),
    /** Stored image keys (uploads/image-keys.ts), as a chat message keeps its one. */
    photoKeys: text('photo_keys').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    check('swap_problems_reason_known', sql`${t.reason} IN ('no_show', 'not_as_described', 'other')`),
    check('swap_problems_status_known', sql`${t.status} IN ('open', 'dismissed', 'reversed')`),
    check('swap_problems_shortfall_non_negative', sql`${t.shortfall} >= 0`),
    uniqueIndex('swap_problems_one_open_per_reporter_key')
      .on(t.proposalId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('swap_problems_proposal_idx').on(t.proposalId),
    // A member's own reports, newest first (their data export, their problems list), without reading everyone's.
    index('swap_problems_reporter_newest_idx').on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('swap_problems_open_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'open'`),
  ],
);
