import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { ServerSecretsService } from './service.ts';

describe('server secrets', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('makes a secret once per database: a second instance, or a restart, reads the first one made', async () => {
    database = await openTestDatabase();
    const make = () => randomBytes(32).toString('base64url');
    const first = new ServerSecretsService(database.db);
    const second = new ServerSecretsService(database.db);

    const [a, b] = await Promise.all([first.get('signing-key', make), second.get('signing-key', make)]);

    expect(a).toBe(b);
    expect(await new ServerSecretsService(database.db).get('signing-key', make)).toBe(a);
    expect(await first.get('another-key', make)).not.toBe(a);
  });
});
