import { useState } from 'react';
import { act } from 'react';
import { expect, it } from 'vitest';
import { rootPerTest } from '../../test/mounted.tsx';
import { Dialog } from './dialog.tsx';

const { host, render } = rootPerTest();

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sure?" description="It cannot be undone.">
        <button type="button">Cancel</button>
      </Dialog>
    </>
  );
}

const dialog = () => host().querySelector('dialog')!;
const opener = () => host().querySelector('button')!;

/** Escape as a browser handles it: cancel at once, the dialog closed, its close event left for a later task. */
function escapeWithCloseEventPending(): () => void {
  let pending: Event | undefined;
  const hold = (event: Event) => {
    if (event.target !== dialog() || pending) return;
    event.stopImmediatePropagation();
    pending = event;
  };
  window.addEventListener('close', hold, { capture: true });
  act(() => {
    dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    dialog().close();
  });
  window.removeEventListener('close', hold, { capture: true });
  return () => act(() => void dialog().dispatchEvent(new Event('close')));
}

it('opens again when its opener is pressed right after Escape, before the close event arrives, and that late close shuts nothing', async () => {
  await render(<Opener />);
  act(() => opener().click());
  expect(dialog().open).toBe(true);

  const deliverLateClose = escapeWithCloseEventPending();
  expect(dialog().open).toBe(false);
  act(() => opener().click());
  expect(dialog().open).toBe(true);

  deliverLateClose();
  expect(dialog().open).toBe(true);
});
