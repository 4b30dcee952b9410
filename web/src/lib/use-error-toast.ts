import { useEffect, useRef } from 'react';
import { toast } from './toast.ts';

/**
 * Toasts a load failure once, however often the screen re-renders while it lasts; a later
 * failure after a success toasts again.
 */
export function useErrorToast(message: string | null): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (message === shown.current) return;
    shown.current = message;
    if (message) toast.error(message);
  }, [message]);
}
