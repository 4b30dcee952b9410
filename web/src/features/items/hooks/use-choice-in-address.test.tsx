import { act } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootPerTest } from '../../../test/mounted.tsx';
import { useChoiceInAddress } from './use-choice-in-address.ts';

function TypeChoice() {
  const [searchParams] = useSearchParams();
  const [type, chooseType] = useChoiceInAddress('type', searchParams.get('type') ?? '');
  const [sort, chooseSort] = useChoiceInAddress('sort', searchParams.get('sort') ?? '');
  return (
    <>
      <button
        type="button"
        onClick={() => {
          chooseType(type ? '' : 'services');
        }}
      >
        {type || 'all'}
      </button>
      <button
        type="button"
        onClick={() => {
          chooseSort('nearest');
        }}
      >
        {sort || 'newest'}
      </button>
    </>
  );
}

/** While set, the page's loader waits on it, as a slow device holds back the new address. */
let held: Promise<void> | null = null;
let router: ReturnType<typeof createMemoryRouter>;
const { host, render } = rootPerTest();

beforeEach(async () => {
  held = null;
  router = createMemoryRouter([{ path: '/marketplace', element: <TypeChoice />, HydrateFallback: () => null, loader: async () => (await held, null) }], {
    initialEntries: ['/marketplace'],
  });
  await render(<RouterProvider router={router} />);
});

const shown = () => host().querySelector('button')?.textContent;

async function click(which: 'type' | 'sort' = 'type') {
  await act(async () => {
    const [type, sort] = host().querySelectorAll('button');
    (which === 'type' ? type : sort)?.click();
    await Promise.resolve();
  });
}

describe('a choice kept in the address', () => {
  it('shows at once, while the router is still applying the new address', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await click();
    expect(router.state.navigation.state).toBe('loading');
    expect(router.state.location.search).toBe('');
    expect(shown()).toBe('services');

    await act(async () => {
      release();
      await held;
    });
    expect(router.state.location.search).toBe('?type=services');
    expect(shown()).toBe('services');
  });

  it('keeps a first choice when a second is made before the address has moved', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await click('type');
    await click('sort');
    expect(router.state.location.search).toBe('');

    await act(async () => {
      release();
      await held;
    });
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('services');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('nearest');
  });

  it('is a step Back undoes, and then shows the address again', async () => {
    await click();
    expect(router.state.location.search).toBe('?type=services');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe('');
    expect(shown()).toBe('all');
  });

  it('shows the address when a link changes it after a choice', async () => {
    await click();
    await act(async () => {
      await router.navigate('/marketplace?type=items');
    });
    expect(shown()).toBe('items');
  });
});
