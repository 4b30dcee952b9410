import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A React root on a fresh element in the page for each test of the file, unmounted and removed after it.
 * Call it after the file's own afterEach hooks: after-hooks run last-registered first, so the root is gone before they clean up.
 */
export function rootPerTest(): { root: () => Root; host: () => HTMLElement } {
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
  return { root: () => root, host: () => host };
}
