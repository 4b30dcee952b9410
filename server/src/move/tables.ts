import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** One table of the public schema as the catalog describes it. */
export interface Table {
  name: string;
  /** Every column a row is written with: generated columns are left for the target to compute. */
  columns: string[];
  /** Columns that reference this same table: written in a second pass, once every row they may name is there. */
  selfReferences: string[];
  primaryKey: string[];
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the site in an order where each comes after the tables its foreign keys name, read
 * from the catalog: a table a later migration adds is moved without anyone listing it.
 */
export async function tablesInDependencyOrder(source: PGlite): Promise<Table[]> {
  const { rows: tables } = await source.query<{ name: string; columns: string[]; primary_key: string[] | null }>(`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns,
      array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary order by a.attnum) as primary_key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  const { rows: keys } = await source.query<{ child: string; parent: string; columns: string[] }>(`
    select child.relname as child, parent.relname as parent,
      array(select a.attname::text from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) as columns
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`);

  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  const selfReferences = new Map(tables.map((table) => [table.name, [] as string[]]));
  for (const key of keys) {
    if (key.child === key.parent) selfReferences.get(key.child)!.push(...key.columns);
    else parents.get(key.child)?.add(key.parent);
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.name) && [...parents.get(table.name)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(`the foreign keys between ${left.join(', ')} form a cycle: the move cannot order them`);
    }
    for (const table of ready) {
      placed.add(table.name);
      ordered.push({ name: table.name, columns: table.columns, selfReferences: selfReferences.get(table.name)!, primaryKey: table.primary_key ?? [] });
    }
  }
  return ordered;
}

/** Rows per table, by name. */
export async function rowCounts(run: (sql: string) => Promise<{ rows: { n: number }[] }>, tables: Table[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await run(`select count(*)::int as n from ${quoted(table.name)}`);
    counts.set(table.name, rows[0]!.n);
  }
  return counts;
}

/** About 2 MB of a table's pages a batch: a few MB of JSON in memory at a time, whatever the table's size. */
const PAGES_PER_BATCH = 256;

/**
 * Copies one table, a batch of its pages at a time (the source is stopped, so its pages hold still),
 * as JSON that the target turns back into rows of its own row type. Self-references go in a second
 * pass, when every row they may name has arrived.
 */
export async function copyTable(source: PGlite, target: pg.ClientBase, table: Table, copied: (rows: number) => void): Promise<void> {
  if (table.selfReferences.length > 0 && table.primaryKey.length === 0) {
    throw new Error(`${table.name} references itself but has no primary key: the move cannot fill the references in afterwards`);
  }
  const firstPass = table.columns.filter((column) => !table.selfReferences.includes(column));
  const { rows } = await source.query<{ pages: number }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
    [quoted(table.name)],
  );
  const pages = rows[0]!.pages;
  const list = firstPass.map(quoted).join(', ');
  for (let from = 0; from < pages; from += PAGES_PER_BATCH) {
    const range = `ctid >= '(${from},0)'::tid and ctid < '(${from + PAGES_PER_BATCH},0)'::tid`;
    const batch = await source.query<{ json: string | null; n: number }>(
      `select json_agg(t)::text as json, count(*)::int as n from (select ${list} from ${quoted(table.name)} where ${range}) t`,
    );
    const { json, n } = batch.rows[0]!;
    if (!json) continue;
    await target.query(
      `insert into ${quoted(table.name)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quoted(table.name)}, $1::json)`,
      [json],
    );
    copied(n);
  }
  if (table.selfReferences.length > 0) await fillSelfReferences(source, target, table);
}

async function fillSelfReferences(source: PGlite, target: pg.ClientBase, table: Table): Promise<void> {
  const columns = [...table.primaryKey, ...table.selfReferences];
  const anySet = table.selfReferences.map((column) => `${quoted(column)} is not null`).join(' or ');
  const { rows } = await source.query<{ json: string | null }>(
    `select json_agg(t)::text as json from (select ${columns.map(quoted).join(', ')} from ${quoted(table.name)} where ${anySet}) t`,
  );
  if (!rows[0]?.json) return;
  const set = table.selfReferences.map((column) => `${quoted(column)} = s.${quoted(column)}`).join(', ');
  const match = table.primaryKey.map((column) => `t.${quoted(column)} = s.${quoted(column)}`).join(' and ');
  await target.query(
    `update ${quoted(table.name)} t set ${set} from json_populate_recordset(null::${quoted(table.name)}, $1::json) s where ${match}`,
    [rows[0].json],
  );
}

/** Sequences continue where the source's stopped, so the next id the server draws is past every copied one. */
export async function copySequences(source: PGlite, target: pg.ClientBase): Promise<number> {
  const { rows } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`,
  );
  for (const { name } of rows) {
    const state = await source.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${quoted(name)}`);
    const { last_value: last, is_called: called } = state.rows[0]!;
    await target.query('select setval($1::regclass, $2::bigint, $3)', [quoted(name), last, called]);
  }
  return rows.length;
}

/**
 * Loads as a bulk import should: GIN indexes the schema keeps with fastupdate off (the trigram
 * search, migration 0004) take the new rows into their pending lists, merged in one pass at the end
 * (`gin_clean_pending_list`), instead of being updated row by row; then they are as the migrations
 * made them. Returns how many indexes it did this for.
 */
export async function withGinPendingLists(target: pg.ClientBase, load: () => Promise<void>): Promise<number> {
  const { rows } = await target.query<{ name: string }>(`
    select i.relname as name from pg_class i
    join pg_am am on am.oid = i.relam join pg_namespace n on n.oid = i.relnamespace
    where n.nspname = 'public' and i.relkind = 'i' and am.amname = 'gin' and 'fastupdate=off' = any(i.reloptions)`);
  for (const { name } of rows) await target.query(`alter index ${quoted(name)} set (fastupdate = on)`);
  await load();
  for (const { name } of rows) {
    await target.query(`alter index ${quoted(name)} set (fastupdate = off)`);
    await target.query('select gin_clean_pending_list($1::regclass)', [quoted(name)]);
  }
  return rows.length;
}
