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

export const toast = {
  success: (message: string) => {
    loadSonner().then(({ toast: sonner }) => sonner.success(message), ignore);
  },
  error: (message: string) => {
    loadSonner().then(({ toast: sonner }) => sonner.error(message), ignore);
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
