import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { items, users } from './schema/index.ts';
import { recordStatements } from './statement-count.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('records the statements a piece of work sends, in order, and none of the work running beside it', async () => {
  const { db } = database;
  const reader = recordStatements(async () => {
    for (let n = 0; n < 3; n += 1) await db.select().from(users).where(eq(users.email, `nobody-${String(n)}@example.com`));
    return 'read';
  });
  const writer = recordStatements(() =>
    db.transaction(async (tx) => {
      const [owner] = await tx.insert(users).values({ email: 'writer@example.com', passwordHash: 'x', displayName: 'Writer' }).returning();
      await tx.insert(items).values({ ownerId: owner!.id, title: 'Kettle', category: 'Sports', value: 5, location: 'Leeds' });
    }),
  );
  await db.select().from(items);

  const read = await reader;
  expect(read.result).toBe('read');
  expect(read.statements).toHaveLength(3);
  expect(read.statements.every((statement) => statement.startsWith('select') && statement.includes('from "users"'))).toBe(true);
  const written = (await writer).statements.map((statement) => statement.split(' ').slice(0, 3).join(' '));
  const inserts = ['insert into "users"', 'insert into "items"'];
  // PostgreSQL's begin and commit are round trips the driver sends; PGlite runs them itself.
  expect(written).toEqual(testEngine() === 'postgres' ? ['begin', ...inserts, 'commit'] : inserts);
});

it('records a query the work returns unstarted, as Drizzle queries and inject() are until awaited', async () => {
  const { statements } = await recordStatements(() => database.db.select().from(users));
  expect(statements).toHaveLength(1);
});
