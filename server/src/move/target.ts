import pg from 'pg';
import { MoveError } from './move-error.ts';

/** What the target database holds before the move, in the words of the refusal. */
interface TargetContents {
  relations: number;
  /** Null when there is no Swapyard users table. */
  members: number | null;
}

async function contents(client: pg.ClientBase): Promise<TargetContents> {
  const { rows } = await client.query<{ relations: number; drizzle: boolean; users: boolean }>(`
    select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
              and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')) as relations,
      to_regclass('drizzle.__drizzle_migrations') is not null as drizzle,
      to_regclass('public.users') is not null as users`);
  const { relations, drizzle, users } = rows[0]!;
  if (!drizzle || !users) return { relations, members: null };
  const members = await client.query<{ n: number }>('select count(*)::int as n from users');
  return { relations, members: members.rows[0]!.n };
}

/**
 * What the target holds that a community could miss, in the refusal's words; undefined when it holds
 * nothing: no table at all, or Swapyard's tables without a single member (a database a server has
 * only migrated, or a move cut off before its data committed: the data goes in one transaction).
 */
export async function targetHoldings(client: pg.ClientBase): Promise<string | undefined> {
  const found = await contents(client);
  if (found.relations === 0 || found.members === 0) return undefined;
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return found.members === null
    ? `${plural(found.relations, 'table')} of something other than a Swapyard site`
    : `a Swapyard site with ${plural(found.members, 'member')}`;
}

/** --force: everything in the public schema and the migrations' bookkeeping goes, extensions included (the migrations make them again). */
export async function emptyTarget(client: pg.ClientBase): Promise<void> {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
}

export async function connectTarget(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    // The driver's message names the host and the reason, never the password.
    throw new MoveError(`Cannot connect to the target database: ${(error as Error).message}`);
  }
  return client;
}
