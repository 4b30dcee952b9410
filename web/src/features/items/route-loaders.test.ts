import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { itemsQuery } from './api/get-items.ts';
import { PLAIN_FILTERS } from './filters.ts';
import { readFilters } from './read-filters.ts';
import { prefetchMarketplace } from './route-loaders.ts';

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
  prefetchMarketplace({ request: new Request(new URL(address, window.location.origin)), params: {} } as LoaderFunctionArgs);
}

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
