import pg from 'pg';

/** A database name of this run's own: two benches on one server (two worktrees) never drop each other's data. */
export const runDatabaseName = (name: string): string => `${name}_${String(process.pid)}`;

async function withAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops it, with any connections still open to it. */
  drop(): Promise<void>;
}

/** An empty PostgreSQL database named after `base` and this run, on the server of `adminUrl`; one left by an earlier run is dropped first. */
export async function freshBenchDatabase(adminUrl: string, base: string): Promise<FreshDatabase> {
  const name = runDatabaseName(base);
  const drop = () => withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop };
}
