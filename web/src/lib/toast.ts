import { useSyncExternalStore } from 'react';

/*
 * sonner is fetched with the first toast rather than with the first screen, to keep /login's
 * JavaScript small. The Toaster replays toasts raised before it subscribed, so none is lost.
 */

let requested = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

// A toast is a courtesy: when its code cannot be fetched (offline), the screen itself still tells the story.
const ignore = () => undefined;

/*
 * One failure, one toast: a feature says what failed, and the reason found a moment later (no
 * connection) is added to that same toast rather than raised beside it. Both renderings read the
 * record when they run, so whichever comes last shows the whole of it.
 */
interface ErrorToast {
  id: number;
  message: string;
  description?: string;
  raisedAt: number;
}
const REASON_JOINS_WITHIN_MS = 10_000;
let lastError: ErrorToast | undefined;
let nextId = 0;

function showError(record: ErrorToast): void {
  loadSonner().then(
    ({ toast: sonner }) => sonner.error(record.message, { id: `error-${String(record.id)}`, description: record.description }),
    ignore,
  );
}

export const toast = {
  success: (message: string) => {
    loadSonner().then(({ toast: sonner }) => sonner.success(message), ignore);
  },
  error: (message: string) => {
    lastError = { id: nextId++, message, raisedAt: Date.now() };
    showError(lastError);
  },
  /** A state of the app rather than a failed action (the connection went), so no reason joins it. */
  warning: (message: string) => {
    loadSonner().then(({ toast: sonner }) => sonner.warning(message), ignore);
  },
  /** Why the last failure happened: added to its toast when it was just raised, else a toast of its own. */
  errorReason: (reason: string) => {
    if (lastError && lastError.description === undefined && Date.now() - lastError.raisedAt < REASON_JOINS_WITHIN_MS) {
      lastError.description = reason;
      showError(lastError);
    } else {
      toast.error(reason);
    }
  },
  /** Something that arrived for the member, with a button that opens it. */
  notice: (title: string, description: string, action: { label: string; onClick: () => void }) => {
    loadSonner().then(({ toast: sonner }) => sonner(title, { description, action }), ignore);
  },
};

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** Whether any toast was raised yet, i.e. whether the Toaster needs mounting. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
