import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootPerTest } from '../test/mounted.tsx';
import { putParam, useChangeSearchParams } from './use-change-search-params.ts';

function SortButton() {
  const changeSearchParams = useChangeSearchParams();
  return (
    <button
      type="button"
      onClick={() => {
        changeSearchParams((params) => {
          putParam(params, 'sort', 'nearest');
        });
      }}
    >
      Sort
    </button>
  );
}

/** While set, every page's loader waits on it, as a slow device holds back the new address. */
let held: Promise<void> | null = null;
let router: ReturnType<typeof createMemoryRouter>;
const { host, render } = rootPerTest();
const loader = async () => (await held, null);

beforeEach(async () => {
  held = null;
  router = createMemoryRouter(
    [
      { path: '/marketplace', element: <SortButton />, HydrateFallback: () => null, loader },
      { path: '/item/:id', element: <p>Item</p>, loader },
    ],
    { initialEntries: ['/marketplace?category=Books'] },
  );
  await render(<RouterProvider router={router} />);
});

async function clickSort() {
  await act(async () => {
    host().querySelector('button')?.click();
    await Promise.resolve();
  });
}

describe('changing the address query', () => {
  it('keeps what the address already holds', async () => {
    await clickSort();
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('?category=Books&sort=nearest');
  });

  it('removes a value put in empty', async () => {
    const params = new URLSearchParams('category=Books&sort=nearest');
    putParam(params, 'sort', '');
    expect(params.toString()).toBe('category=Books');
  });

  it('is not built on a navigation to another page still under way', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await act(async () => {
      void router.navigate('/item/7?from=search');
      await Promise.resolve();
    });
    expect(router.state.navigation.location?.pathname).toBe('/item/7');
    await clickSort();
    await act(async () => {
      release();
      await held;
    });
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('?category=Books&sort=nearest');
  });
});
