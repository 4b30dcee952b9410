import type { CurrentUser } from '@swapyard/contract';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root in the test window, made before each test and unmounted after it: `render` shows
 * a tree as the browser would, and `host()` is what the member sees.
 */
export function rootPerTest() {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => {
      root.unmount();
    });
    host.remove();
  });
  return {
    host: () => host,
    render: (tree: ReactNode) =>
      act(async () => {
        root.render(tree);
        await Promise.resolve();
      }),
  };
}

/** A signed-in member as /api/me answers, with what the test is about overridden. */
export function signedInMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'sam@example.com',
    displayName: 'Sam',
    photoUrl: null,
    bio: '',
    location: '',
    place: null,
    points: 100,
    averageRating: 0,
    ratingCount: 0,
    createdAt: '2026-03-15T12:00:00.000Z',
    role: 'member',
    locale: 'en',
    ...overrides,
  };
}
