import { act } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootPerTest } from '../../../test/mounted.tsx';
import { SearchField } from '../components/search-field.tsx';
import { useChoiceInAddress } from './use-choice-in-address.ts';

function Marketplace() {
  const [searchParams] = useSearchParams();
  const [type, chooseType] = useChoiceInAddress('type', searchParams.get('type') ?? '');
  return (
    <>
      <SearchField />
      <button
        type="button"
        onClick={() => {
          chooseType('services');
        }}
      >
        {type || 'all'}
      </button>
    </>
  );
}

/** While set, the marketplace's loader waits on it, as a slow device holds back the new address. */
let held: Promise<void> | null = null;
let router: ReturnType<typeof createMemoryRouter>;
const { host, render } = rootPerTest();

beforeEach(async () => {
  vi.useFakeTimers();
  held = null;
  router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/marketplace', element: <Marketplace />, HydrateFallback: () => null, loader: async () => (await held, null) },
    ],
    { initialEntries: ['/', '/marketplace'] },
  );
  await render(<RouterProvider router={router} />);
});

afterEach(() => {
  vi.useRealTimers();
});

const searchBox = () => host().querySelector('input');
const shown = () => ({ page: host().querySelector('p')?.textContent ?? 'Marketplace', search: searchBox()?.value, type: host().querySelector('button')?.textContent });

async function type(text: string) {
  await act(async () => {
    const input = searchBox();
    if (!input) throw new Error('no search box on the page');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve();
  });
}

async function pauseTyping() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
}

async function chooseType() {
  await act(async () => {
    host().querySelector('button')?.click();
    await Promise.resolve();
  });
}

async function back() {
  await act(async () => {
    await router.navigate(-1);
  });
}

describe('a search typed into the address', () => {
  it('adds no Back step however long the member types', async () => {
    await type('la');
    await pauseTyping();
    await type('lamp');
    await pauseTyping();
    expect(router.state.location.search).toBe('?q=lamp');

    await back();
    expect(shown().page).toBe('Home');
  });

  it('keeps the Back step of a choice made just before', async () => {
    await chooseType();
    await type('lamp');
    await pauseTyping();
    expect(shown()).toEqual({ page: 'Marketplace', search: 'lamp', type: 'services' });

    await back();
    expect(shown()).toEqual({ page: 'Marketplace', search: '', type: 'all' });
  });

  it('keeps the Back step of a choice whose address has not landed yet', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await chooseType();
    await type('lamp');
    await pauseTyping();
    expect(router.state.navigation.state).toBe('loading');

    await act(async () => {
      release();
      await held;
    });
    expect(shown()).toEqual({ page: 'Marketplace', search: 'lamp', type: 'services' });

    await back();
    expect(shown()).toEqual({ page: 'Marketplace', search: '', type: 'all' });
  });
});
