import { useSyncExternalStore } from 'react';

/*
 * Another member's new listing does not refetch the marketplace at once, so cards never move
 * under the reader; the page offers a button instead. This flag says whether to show it.
 */

let waiting = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean): void {
  if (waiting === value) return;
  waiting = value;
  for (const listener of listeners) listener();
}

export function announceNewListings(): void {
  setWaiting(true);
}

/** Called as a marketplace first page is requested: its answer holds whatever was listed before. */
export function markListingsShown(): void {
  setWaiting(false);
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function useNewListingsWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => waiting);
}
