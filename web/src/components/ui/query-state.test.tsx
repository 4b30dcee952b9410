import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { WEB_TEXT } from '../../lib/texts.ts';
import { rootPerTest } from '../../test/mounted.tsx';
import { QueryState } from './query-state.tsx';

const { host, render } = rootPerTest();

type Shelf = { books: string[] };

/** A query's result as TanStack hands it over, still loading unless the test says otherwise. */
function askedQuery(overrides: Partial<{ isPending: boolean; data: Shelf; error: unknown; refetch: () => Promise<unknown> }> = {}) {
  return { isPending: true, data: undefined, error: null, refetch: () => Promise.resolve(), ...overrides };
}

const shown = (query: ReturnType<typeof askedQuery>) =>
  render(
    <QueryState query={query} loadingLabel="Loading the shelf..." failedMessage="The shelf did not load." loadingClassName="py-8">
      {(shelf) => (
        <ul>
          {shelf.books.map((book) => (
            <li key={book}>{book}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

const retryButton = () => Array.from(host().querySelectorAll('button')).find((button) => button.textContent === WEB_TEXT.common.retry);

describe('a query in each of its states', () => {
  it('says what is loading, in the room the page gives it, while the answer is on its way', async () => {
    await shown(askedQuery());
    const status = host().querySelector('[role="status"]');
    expect(status?.textContent).toContain('Loading the shelf...');
    expect(status?.className).toContain('py-8');
    expect(host().querySelector('li')).toBeNull();
  });

  it('says the load failed, in its own words when the server gave none, and Try again asks again', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    await shown(askedQuery({ isPending: false, error: new TypeError('Failed to fetch'), refetch }));
    expect(host().textContent).toContain('The shelf did not load.');
    expect(host().querySelector('[role="status"]')).toBeNull();

    act(() => retryButton()?.click());
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("says the server's own message when it sent one", async () => {
    await shown(askedQuery({ isPending: false, error: new ApiError(429, 'Too many requests.', 'RATE_LIMITED') }));
    expect(host().textContent).toContain('Too many requests.');
    expect(host().textContent).not.toContain('The shelf did not load.');
  });

  it('shows the answer once it is there', async () => {
    await shown(askedQuery({ isPending: false, data: { books: ['Emma', 'Middlemarch'] } }));
    expect(Array.from(host().querySelectorAll('li'), (item) => item.textContent)).toEqual(['Emma', 'Middlemarch']);
    expect(host().querySelector('[role="status"]')).toBeNull();
  });

  it('keeps the answer on screen when a later fetch of it fails', async () => {
    await shown(askedQuery({ isPending: false, data: { books: ['Emma'] }, error: new TypeError('Failed to fetch') }));
    expect(host().querySelector('li')?.textContent).toBe('Emma');
    expect(retryButton()).toBeUndefined();
  });
});
