import type pg from 'pg';
import { STORAGE_KEY } from '../storage/storage.ts';
import { quoted, type Table } from './tables.ts';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface Ledger {
  members: number;
  /** Members whose balance is not the sum of their ledger entries. */
  unbalanced: number;
  balances: number;
  ledgerTotal: number;
}

/** Each balance against its ledger sum, and the ledger's total against all balances (DESIGN.md section 11). */
export async function ledgerOf(target: pg.ClientBase): Promise<Ledger> {
  const { rows } = await target.query<{ members: number; unbalanced: number; balances: string; ledger_total: string }>(`
    select count(*)::int as members,
      count(*) filter (where u.points <> coalesce(l.total, 0))::int as unbalanced,
      coalesce(sum(u.points), 0)::text as balances,
      (select coalesce(sum(amount), 0) from point_entries)::text as ledger_total
    from users u left join (select user_id, sum(amount) as total from point_entries group by user_id) l on l.user_id = u.id`);
  const row = rows[0]!;
  return { members: row.members, unbalanced: row.unbalanced, balances: Number(row.balances), ledgerTotal: Number(row.ledger_total) };
}

/** A stored image's key as rows keep it: bare (`items/<owner>/<time>-<random>`), or as its address (`/api/images/....webp`). */
const IMAGE_REFERENCE = '^(/api/images/)?(items|avatars|chat|problems)/[0-9a-f-]{36}/[0-9]{13}-[0-9a-z-]+(\\.thumb)?(\\.webp)?$';

/**
 * Every storage object a row names: each image is stored full size and as a thumbnail. Found in the
 * text columns named like a key or an address (`storage_key`, `image_key`, `photo_keys`, `photo_url`),
 * so a new picture column named that way is checked without being listed here.
 */
export async function referencedImageObjects(target: pg.ClientBase, tables: Table[]): Promise<string[]> {
  const names = tables.map((table) => table.name);
  const { rows: columns } = await target.query<{ table: string; column: string; array: boolean }>(
    `select c.relname as table, a.attname as column, a.atttypid = 'text[]'::regtype as array
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = any($1::text[]) and a.attnum > 0 and not a.attisdropped
       and a.atttypid in ('text'::regtype, 'text[]'::regtype) and a.attname ~ '(^|_)(key|keys|url)$'`,
    [names],
  );
  const objects = new Set<string>();
  for (const { table, column, array } of columns) {
    const value = array ? `unnest(${quoted(column)})` : quoted(column);
    const { rows } = await target.query<{ v: string }>(
      `select distinct v from (select ${value} as v from ${quoted(table)}) s where v ~ $1`,
      [IMAGE_REFERENCE],
    );
    for (const { v } of rows) {
      const base = v.replace(/^\/api\/images\//, '').replace(/(\.thumb)?(\.webp)?$/, '');
      for (const key of [`${base}.webp`, `${base}.thumb.webp`]) if (STORAGE_KEY.test(key)) objects.add(key);
    }
  }
  return [...objects].sort();
}
