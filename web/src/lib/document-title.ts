import { useEffect } from 'react';
import { WEB_TEXT } from './texts.ts';

/*
 * The tab's title: what the page shows, then the community's name, with the member's unread count in front
 * ("(3) Marketplace · Swapyard"), so a tab in the background still says something arrived.
 */

let page: string | undefined;
let unread = 0;
// Until the community's name is known, the product's, read when the title is written.
let brand: string | undefined;

function show(): void {
  const shownBrand = brand ?? WEB_TEXT.brand;
  const name = page ? `${page} · ${shownBrand}` : shownBrand;
  document.title = unread > 0 ? `(${String(unread)}) ${name}` : name;
}

/** Names the page in the tab while it is on screen; undefined (not known yet) leaves the title alone. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    page = title;
    show();
    return () => {
      page = undefined;
      show();
    };
  }, [title]);
}

/** Puts the member's unread count in front of every page's title while the signed-in shell is open. */
export function useUnreadInTitle(count: number): void {
  useEffect(() => {
    unread = count;
    show();
    return () => {
      unread = 0;
      show();
    };
  }, [count]);
}

/** Ends every title with the community's name, as the admin set it. */
export function useBrandInTitle(name: string): void {
  useEffect(() => {
    brand = name;
    show();
  }, [name]);
}
