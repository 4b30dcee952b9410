import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/** Writes the value unless the name is already taken, then reads whichever value the table holds. */
export async function keepFirst(db: Executor, name: string, value: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was neither written nor found`);
  return row.value;
}
