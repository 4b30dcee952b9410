import { CATEGORIES, STARTING_POINTS } from '@swapyard/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

const LOAD_DOMAIN = 'load.example';

export interface SiteLoad {
  members: number;
  listings: number;
  conversations: number;
  messages: number;
}

/**
 * A busy site's bulk beside what the services made, in a few statements: members with their welcome
 * points and a ring of payments (each pays the next a few points, so every balance is its ledger's
 * sum), listings showing pictures the site already stores, and conversations full of messages.
 */
export async function addSiteLoad(db: Database, { members = 100, listings = 10_000, messagesPerConversation = 50 } = {}): Promise<SiteLoad> {
  const loadMembers = sql`(select id, row_number() over (order by email) as k from users where email like ${`%@${LOAD_DOMAIN}`})`;
  await db.execute(sql`
    insert into users (email, password_hash, display_name, location, points, created_at)
    select 'load-' || g || ${`@${LOAD_DOMAIN}`}, 'not a password hash', 'Load member ' || g, 'Lyon', ${STARTING_POINTS}, now() - interval '60 days'
    from generate_series(1, ${members}) as g`);
  // Member k pays member k + 1 (the last pays the first) 1 to 7 points: signup bonus, payment, receipt.
  await db.execute(sql`
    with ring as (
      select m.id, m.k, 1 + m.k % 7 as pays, 1 + coalesce(p.k, ${members}) % 7 as receives
      from ${loadMembers} m left join ${loadMembers} p on p.k = m.k - 1
    )
    insert into point_entries (user_id, amount, balance_after, reason, created_at)
    select id, ${STARTING_POINTS}, ${STARTING_POINTS}, 'signup_bonus', now() - interval '60 days' from ring
    union all select id, -pays, ${STARTING_POINTS} - pays, 'swap_paid', now() - interval '30 days' from ring
    union all select id, receives, ${STARTING_POINTS} - pays + receives, 'swap_received', now() - interval '29 days' from ring`);
  await db.execute(sql`
    update users u set points = l.total
    from (select user_id, sum(amount)::int as total from point_entries group by user_id) l
    where l.user_id = u.id and u.email like ${`%@${LOAD_DOMAIN}`}`);

  await db.execute(sql`
    insert into items (owner_id, title, description, category, value, location, created_at, updated_at)
    select m.ids[1 + g % cardinality(m.ids)], 'Load listing ' || g, 'Listed in bulk for a busy site.',
      (${sql.raw(`ARRAY[${CATEGORIES.map((category) => `'${category}'`).join(',')}]`)})[1 + g % ${CATEGORIES.length}],
      g % 200, 'Lyon', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${listings}) as g
    cross join (select array_agg(id order by email) as ids from users where email like ${`%@${LOAD_DOMAIN}`}) as m`);
  await db.execute(sql`
    insert into item_images (item_id, position, storage_key, width, height)
    select i.id, 0, p.keys[1 + i.n % cardinality(p.keys)], 800, 600
    from (select id, row_number() over (order by id) as n from items where title like 'Load listing %') as i
    cross join (select array_agg(distinct storage_key order by storage_key) as keys from item_images) as p`);

  await db.execute(sql`
    insert into conversations (pair_key, started_by, created_at, last_message, last_message_kind, last_message_at)
    select least(a.id::text, b.id::text) || ':' || greatest(a.id::text, b.id::text) || ':none', a.id,
      now() - interval '20 days', 'Message ${sql.raw(String(messagesPerConversation))}', 'text', now() - interval '1 day'
    from ${loadMembers} a join ${loadMembers} b on b.k = a.k + 1`);
  const loadConversations = sql`(select id, split_part(pair_key, ':', 1)::uuid as first, split_part(pair_key, ':', 2)::uuid as second
    from conversations where started_by in (select id from users where email like ${`%@${LOAD_DOMAIN}`}))`;
  await db.execute(sql`
    insert into conversation_members (conversation_id, user_id)
    select id, first from ${loadConversations} c union all select id, second from ${loadConversations} c`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, client_id, text, created_at)
    select c.id, case when g % 2 = 0 then c.first else c.second end, gen_random_uuid(), 'Message ' || g,
      now() - interval '20 days' + g * interval '1 minute'
    from ${loadConversations} c cross join generate_series(1, ${messagesPerConversation}) as g`);
  return { members, listings, conversations: members - 1, messages: (members - 1) * messagesPerConversation };
}
