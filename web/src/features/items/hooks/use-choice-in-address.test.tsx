import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useChoiceInAddress } from './use-choice-in-address.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function TypeChoice() {
  const [searchParams] = useSearchParams();
  const [type, chooseType] = useChoiceInAddress('type', searchParams.get('type') ?? '');
  return (
    <button
      type="button"
      onClick={() => {
        chooseType(type ? '' : 'services');
      }}
    >
      {type || 'all'}
    </button>
  );
}

/** While set, the page's loader waits on it, as a slow device holds back the new address. */
let held: Promise<void> | null = null;
let router: ReturnType<typeof createMemoryRouter>;
let root: Root;
let host: HTMLElement;

beforeEach(async () => {
  held = null;
  router = createMemoryRouter([{ path: '/marketplace', element: <TypeChoice />, HydrateFallback: () => null, loader: async () => (await held, null) }], {
    initialEntries: ['/marketplace'],
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  host.remove();
});

const shown = () => host.querySelector('button')?.textContent;

async function click() {
  await act(async () => {
    host.querySelector('button')?.click();
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
