import { TOAST_DURATION_MS } from '@swapyard/contract';
import { lazy, Suspense, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { useToastRequested } from '../lib/toast.ts';

const renderNothing: ComponentType<ToasterProps> = () => null;

// Outside the router's error boundaries: a failed download must not take the whole app down.
const SonnerToaster = lazy(() =>
  import('sonner').then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: renderNothing }),
  ),
);

export function Toaster() {
  const requested = useToastRequested();
  if (!requested) return null;
  return (
    <Suspense>
      <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} closeButton />
    </Suspense>
  );
}
