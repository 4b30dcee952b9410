import { clear, createStore, del, get, set, update } from 'idb-keyval';

/*
 * What the app keeps for offline use (the persisted query cache, the actions waiting for the
 * network, the images the service worker kept) belongs to one member: the owner. A different
 * member signing in, or nobody, wipes all of it before anything else is written.
 */

const store = createStore('swapyard-offline', 'member-data');
const OWNER_KEY = 'owner';
/** The service worker's image cache (web/sw/sw.ts names it too). */
const IMAGE_CACHE = 'swapyard-images';

type Listener = (owner: string | null) => void;
const listeners = new Set<Listener>();

// Kept in step synchronously, so a write can be refused the moment the member changes.
let currentOwner: string | null = null;
let ownerSet = false;
let owner: Promise<string | null> = get<string>(OWNER_KEY, store).then(
  (stored) => {
    if (!ownerSet) currentOwner = stored ?? null;
    return stored ?? null;
  },
  () => null,
);

/** The member the stored data belongs to, once the store has been read. */
export function storedOwner(): Promise<string | null> {
  return owner;
}

export function ownerNow(): string | null {
  return currentOwner;
}

/** Makes `memberId` the owner; if that is a change, the previous owner's data is wiped first. */
export function setOwner(memberId: string | null): Promise<string | null> {
  ownerSet = true;
  currentOwner = memberId;
  owner = owner.then(async (previous) => {
    if (previous === memberId) return previous;
    for (const listener of listeners) listener(memberId);
    try {
      await clear(store);
      if (typeof caches !== 'undefined') await caches.delete(IMAGE_CACHE);
      if (memberId) await set(OWNER_KEY, memberId, store);
    } catch {
      // Storage unavailable (private browsing, quota): nothing was kept, so nothing is exposed.
    }
    return memberId;
  });
  return owner;
}

export function onOwnerChange(listener: Listener): void {
  listeners.add(listener);
}

export function ownerKey(kind: 'cache' | 'queue', memberId: string): string {
  return `${kind}:${memberId}`;
}

export function readStored<T>(key: string): Promise<T | undefined> {
  return get<T>(key, store);
}

export function writeStored(key: string, value: unknown): Promise<void> {
  return set(key, value, store);
}

export function deleteStored(key: string): Promise<void> {
  return del(key, store);
}

/** Read, change and write in one transaction, so two tabs cannot overwrite each other. */
export function updateStored<T>(key: string, updater: (value: T | undefined) => T): Promise<void> {
  return update<T>(key, updater, store);
}
