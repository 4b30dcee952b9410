import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/**
 * One named part (`WITH name AS (...)`) of a statement that writes to several modules' tables in
 * one round trip (docs/decisions/029). Each module writes the steps on its own tables and reads
 * another's only by the step's name: a step that yields no row makes the steps reading it do nothing.
 *
 * PostgreSQL runs a statement's data-modifying steps concurrently, in no promised order, and all of
 * them read with the one snapshot the statement took when it began. A step waits for another only
 * by reading its rows. So what must come first (the send's lock on the pair, taken by its first
 * step) comes first only for the steps that read from it: every write step must read from the step
 * that writes the message, or from a step that reads from it, or it may run before the lock is
 * held. And whatever a step reads from a table is read as it was before the lock was waited for,
 * not after: only a VOLATILE function's own queries read later (blocks_after_pair_lock). Steps are
 * safe with that older view when unique keys decide (ON CONFLICT sees later commits) or when
 * something checks again later: the delivery jobs' preference condition (wantsSql) reads a switch
 * as it was before the wait, and the job reads it again before it sends anything.
 */
export interface StatementStep {
  name: string;
  sql: SQL;
}

/**
 * The steps, in order, then the statement's one row. Every data-modifying step runs, read or not;
 * the order written here is not the order they run in (see StatementStep: chain them by reading).
 */
export function withSteps(steps: StatementStep[], select: SQL): SQL {
  const parts = steps.map((step) => sql`${sql.identifier(step.name)} AS (${step.sql})`);
  return sql`WITH ${sql.join(parts, sql`, `)} ${select}`;
}

/** Both engines answer execute() with `rows`; drizzle types it loosely. */
export function firstRow<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}

/** Every column of the table under its TypeScript name (a step's RETURNING, a sub-select), for rowFromJson. */
export function allColumnsAs(table: Table): SQL {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`);
  return sql.join(columns, sql`, `);
}

/** A row a step returned (allColumnsAs), read back through row_to_json: its timestamps made Dates again. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = { ...json };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.columnType === 'PgTimestamp' && typeof row[key] === 'string') row[key] = new Date(row[key]);
  }
  return row as InferSelectModel<T>;
}
