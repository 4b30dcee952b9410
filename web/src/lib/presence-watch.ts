import { PRESENCE_WATCH_MAX } from '@swapyard/contract';
import { useEffect } from 'react';

/**
 * The members whose presence this tab shows, each counted by the pages showing them. The socket
 * tells the server this set, so their changes, and no one else's, reach the tab (docs/decisions/030).
 */
const shown = new Map<string, number>();
const listeners = new Set<() => void>();
let telling = false;

function changed(): void {
  // A page left and the next one opened in one render make one change, not two.
  if (telling) return;
  telling = true;
  queueMicrotask(() => {
    telling = false;
    for (const listener of listeners) listener();
  });
}

/** Shows these members' presence until the returned function is called. */
export function watchPresence(userIds: readonly string[]): () => void {
  for (const id of userIds) {
    const count = shown.get(id) ?? 0;
    // Moved to the end: past the server's limit the most recently watched are kept (watchedMembers).
    shown.delete(id);
    shown.set(id, count + 1);
  }
  if (userIds.length > 0) changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const id of userIds) {
      const count = (shown.get(id) ?? 1) - 1;
      if (count > 0) shown.set(id, count);
      else shown.delete(id);
    }
    if (userIds.length > 0) changed();
  };
}

/** The members watched now, as many as the server takes: the page just opened shows the newest. */
export function watchedMembers(): string[] {
  return [...shown.keys()].slice(-PRESENCE_WATCH_MAX);
}

/** Called once after each batch of changes to the set. */
export function onWatchedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page that shows these members' presence: watched while it is on screen. */
export function usePresenceWatch(userIds: readonly string[]): void {
  const key = userIds.join(',');
  useEffect(() => watchPresence(key ? key.split(',') : []), [key]);
}
