import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

/** The ledger: append-only. A member's points always equal the sum of their entries. */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    // A listing back on the market after a reversed swap may be removed, and its proposal with it: the
    // entries stay, amounts and balances as written, with the item no longer named (docs/decisions/018).
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('point_entries_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    // account_closed: a leaving member's remaining balance leaves the economy, so the ledger stays whole.
    // swap_reversed: a moderator undid the swap; the payment goes back by new entries, never by editing old ones.
    check('point_entries_reason_known', sql`${t.reason} IN ('signup_bonus', 'swap_paid', 'swap_received', 'account_closed', 'swap_reversed')`),
    // One entry per member, swap and reason: the payment and its reversal, each at most once.
    unique('point_entries_proposal_user_reason_key').on(t.proposalId, t.userId, t.reason),
    uniqueIndex('point_entries_one_signup_bonus_key')
      .on(t.userId)
      .where(sql`${t.reason} = 'signup_bonus'`),
    index('point_entries_user_newest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
