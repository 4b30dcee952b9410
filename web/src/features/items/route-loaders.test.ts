import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemQuery } from '../../api/item.ts';
import { memberProfileQuery } from '../../api/member-profile.ts';
import { ratingsQuery } from '../../api/member-ratings.ts';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startApiServer, type Answer } from '../../test/api-server.ts';
import { loaderArgs } from '../../test/loader-args.ts';
import { itemsQuery } from './api/get-items.ts';
import { PLAIN_FILTERS } from './filters.ts';
import { readFilters } from './read-filters.ts';
import { prefetchItem, prefetchMarketplace } from './route-loaders.ts';

const page = { items: [], nextCursor: null, origin: null };

/** The marketplace's answers, each address asked for noted as the server would see it. */
function answerEveryList(): string[] {
  const asked: string[] = [];
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    asked.push(new URL(String(input), window.location.origin).search);
    return Promise.resolve(new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } }));
  });
  return asked;
}

function open(address: string) {
  void prefetchMarketplace(loaderArgs(address, '/marketplace'));
}

// The first page also waits for the saved answers to be back (none here).
beforeAll(() => {
  cacheRestoreSettled();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("the marketplace's loader", () => {
  it('asks for the plain first page as the navigation starts', async () => {
    const asked = answerEveryList();
    open('/marketplace');
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(itemsQuery(PLAIN_FILTERS).queryKey)?.pages).toEqual([page]);
    });
    expect(asked).toEqual(['']);
  });

  it("asks for a shared link's first page with the filters the page reads, a bad one dropped", async () => {
    const asked = answerEveryList();
    const address = '/marketplace?category=Books&minValue=lots&type=items';
    open(address);
    const filters = readFilters(new URL(address, window.location.origin).searchParams);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(itemsQuery(filters).queryKey)?.pages).toEqual([page]);
    });
    expect(asked).toEqual(['?category=Books&type=items']);
  });
});

describe("the item's loader", () => {
  it("asks for the item, then for its owner's profile and ratings once the item names them, and the first page waits for them", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const answers: Record<string, Answer> = {
      '/api/items/lamp': { status: 200, body: { item: { id: 'lamp', owner: { id: 'ana' }, images: [] } } },
      '/api/users/ana': { status: 200, body: { profile: { id: 'ana', displayName: 'Ana' } } },
      '/api/users/ana/ratings': { status: 200, body: { ratings: [], nextCursor: null } },
    };
    const api = await startApiServer(({ path }) => answers[path] ?? { status: 404 });
    try {
      await prefetchItem(loaderArgs('/item/lamp', '/item/:id', { id: 'lamp' }));

      const asked = api.received.map(({ path }) => path);
      expect(asked[0]).toBe('/api/items/lamp');
      expect(asked.slice(1).sort()).toEqual(['/api/users/ana', '/api/users/ana/ratings']);
      expect(queryClient.getQueryData(itemQuery('lamp').queryKey)?.owner.id).toBe('ana');
      expect(queryClient.getQueryData(memberProfileQuery('ana').queryKey)?.displayName).toBe('Ana');
      expect(queryClient.getQueryData(ratingsQuery('ana').queryKey)?.pages).toEqual([{ ratings: [], nextCursor: null }]);
    } finally {
      await api.close();
    }
  });
});
