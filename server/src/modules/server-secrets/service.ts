import type { Database } from '../../db/database.ts';
import { keepFirst } from './repository.ts';

/**
 * Secrets the server makes itself, once per database: every instance, and every restart, reads the
 * same value. Two instances starting together both make one, and both end up with the first written.
 */
export class ServerSecretsService {
  private readonly known = new Map<string, Promise<string>>();

  constructor(private readonly db: Database) {}

  /** The secret called `name`, made by `make` if the database has none yet. */
  get(name: string, make: () => string): Promise<string> {
    let value = this.known.get(name);
    if (!value) {
      value = keepFirst(this.db, name, make());
      // A failed read (the database away) is tried again next time instead of being remembered.
      value.catch(() => this.known.delete(name));
      this.known.set(name, value);
    }
    return value;
  }
}
