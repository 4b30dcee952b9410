import { TEXT } from '@swapyard/contract';
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, apiRequest, errorMessage } from './api-client.ts';
import { checkConnection } from './connectivity.ts';
import { onOwnerChange, ownerKey, ownerNow, readStored, updateStored } from './offline-store.ts';
import { toast } from './toast.ts';

/*
 * Actions taken offline, kept in IndexedDB under the member's id (so they survive a reload) and
 * sent, in order, once the server confirms the member is signed in again (lib/offline-session.ts).
 * Only actions that are safe to send twice belong here: each carries an id the server uses to keep
 * one copy (a message's clientId), or sets a state that sending again leaves unchanged (read).
 */

export interface QueuedAction {
  /** Unique per action; queueing the same id again replaces it. */
  id: string;
  /** What a screen looks for to show its waiting actions, e.g. the conversation a message is for. */
  topic: string;
  /** Under /api, sent as a POST. */
  path: string;
  body?: unknown;
  /** Queries to refresh once the server has it. */
  refresh: QueryKey[];
  /** The toast when the server refuses it for good. */
  failureText: string;
  queuedAt: string;
}

const RETRY_MS = 15_000;

let actions: readonly QueuedAction[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly QueuedAction[]): void {
  actions = next;
  for (const listener of listeners) listener();
}

onOwnerChange(() => publish([]));

/** Shows what `memberId` left waiting in an earlier visit. */
export async function loadQueue(memberId: string | null): Promise<void> {
  if (!memberId) return;
  const stored = await readStored<QueuedAction[]>(ownerKey('queue', memberId)).catch(() => undefined);
  if (ownerNow() === memberId && stored) publish(stored);
}

/** Keeps an action until the member is back online, and tells them so. */
export async function queueAction(action: Omit<QueuedAction, 'queuedAt'>): Promise<void> {
  const member = ownerNow();
  if (!member) throw new Error('Only a signed-in member can queue an action');
  const queued: QueuedAction = { ...action, queuedAt: new Date().toISOString() };
  const withQueued = (list: readonly QueuedAction[] = []) => [...list.filter((entry) => entry.id !== queued.id), queued];
  await updateStored<QueuedAction[]>(ownerKey('queue', member), withQueued);
  publish(withQueued(actions));
  toast.success(TEXT.connectivity.savedLocally);
}

/**
 * Sends the action now, or queues it when offline, or when the request gets no answer and the
 * server turns out to be unreachable (a repeat is harmless, should the first have arrived).
 * Resolves to the server's answer, or to null when queued.
 */
export async function sendOrQueue<T>(action: Omit<QueuedAction, 'queuedAt'>): Promise<{ answer: T } | null> {
  if (onlineManager.isOnline()) {
    try {
      return { answer: await apiRequest<T>(action.path, { method: 'POST', body: action.body }) };
    } catch (error) {
      if (error instanceof ApiError || (await checkConnection())) throw error;
    }
  }
  await queueAction(action);
  return null;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** The actions of one topic still waiting to be sent, oldest first. */
export function useQueuedActions(topic: string): QueuedAction[] {
  const all = useSyncExternalStore(subscribe, () => actions);
  return useMemo(() => all.filter((action) => action.topic === topic), [all, topic]);
}

type Outcome = 'sent' | 'later' | 'stop' | { refused: unknown };

async function send(action: QueuedAction): Promise<Outcome> {
  try {
    await apiRequest(action.path, { method: 'POST', body: action.body });
    return 'sent';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429) return 'later';
    // Signed out: the queue goes with the session (lib/offline-store.ts).
    if (error.status === 401) return 'stop';
    return { refused: error };
  }
}

let flushing: Promise<void> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends the signed-in member's waiting actions, one at a time and in order; one run at a time. */
export function flushQueue(queryClient: QueryClient): Promise<void> {
  flushing ??= sendQueued(queryClient).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

async function sendQueued(queryClient: QueryClient): Promise<void> {
  clearTimeout(retryTimer);
  const member = ownerNow();
  if (!member) return;
  const key = ownerKey('queue', member);
  // Another tab may have queued or sent some since this one last looked.
  const waiting = (await readStored<QueuedAction[]>(key).catch(() => undefined)) ?? [...actions];
  const done = new Set<string>();
  for (const action of waiting) {
    if (!onlineManager.isOnline() || ownerNow() !== member) break;
    const outcome = await send(action);
    if (outcome === 'stop') break;
    if (outcome === 'later') {
      retryTimer = setTimeout(() => void flushQueue(queryClient), RETRY_MS);
      break;
    }
    if (outcome !== 'sent') toast.error(errorMessage(outcome.refused, action.failureText));
    done.add(action.id);
    await updateStored<QueuedAction[]>(key, (list = []) => list.filter((entry) => entry.id !== action.id)).catch(
      () => undefined,
    );
  }
  if (done.size === 0) return;
  const sent = waiting.filter((action) => done.has(action.id));
  const keys = new Map(sent.flatMap((action) => action.refresh).map((queryKey) => [JSON.stringify(queryKey), queryKey]));
  // Waiting entries stay on screen until the refreshed answers that replace them have arrived.
  void Promise.all([...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).finally(() => {
    if (ownerNow() === member) publish(actions.filter((action) => !done.has(action.id)));
  });
}
