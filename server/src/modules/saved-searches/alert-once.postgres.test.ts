import { TEXT, type Notification } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { jobs, savedSearchMatches, savedSearches } from '../../db/schema/index.ts';
import * as jobRepo from '../../jobs/repository.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send } from '../../test/members.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

const instances = useTwoInstances();

/**
 * The alert job's key keeps one alive per search, but a job can still run twice at once: its lease
 * lapses while the first run is slow, and another instance claims it. Both runs here start together,
 * on two instances; the member is told once.
 */
it('two runs of one alert on two instances at once tell the member once, five rounds over', async () => {
  const { a, b } = instances();
  const db = a.services.database.db;
  const searcher = await registerMember(a);
  const owner = await registerMember(a);
  for (let round = 0; round < 5; round++) {
    const tag = randomUUID().slice(0, 8);
    const name = `Round ${String(round)} ${tag}`;
    const created = await send(a, 'POST', '/api/saved-searches', { cookie: searcher.cookie, body: { name, filters: { q: tag } } });
    const searchId = created.json<{ savedSearch: { id: string } }>().savedSearch.id;
    await Promise.all([a.services.jobs.stop(), b.services.jobs.stop()]);
    const listed = [];
    for (let n = 0; n < 3; n++) listed.push(await createItem(a, owner, { title: `Lamp ${String(n)} ${tag}` }));
    // The three matches as the matcher records them, and the same alert twice, as a lapsed lease leaves it.
    await db.delete(jobs).where(eq(jobs.kind, 'saved-searches.match'));
    await db.insert(savedSearchMatches).values(listed.map((item) => ({ searchId, itemId: item.id })));
    for (let n = 0; n < 2; n++) await jobRepo.insertJob(db, { kind: 'saved-searches.alert', payload: { searchId }, maxAttempts: 8 });

    await Promise.all([a.services.jobs.start(), b.services.jobs.start()]);
    await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);

    const notices = (await send(a, 'GET', '/api/notifications', { cookie: searcher.cookie }))
      .json<{ notifications: Notification[] }>()
      .notifications.filter((notice) => notice.relatedId === searchId);
    expect(notices.map((notice) => notice.description)).toEqual([TEXT.savedSearches.alert({ count: 3, name })]);
    await db.delete(savedSearches).where(eq(savedSearches.id, searchId));
  }
});
