import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  /** Escape, or the parent closing it: either way the parent's state must follow. */
  onClose: () => void;
  title: string;
  description: string;
  /** The actions; give the safe one autoFocus so Enter never destroys anything by accident. */
  children: ReactNode;
}

/**
 * Shows a native <dialog> as a modal while `open`, and closes it when not; `onClose` hears the
 * browser close it (Escape). Spread the result on the <dialog>.
 */
export function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    // Escape fires cancel at once, but close only in a later task: on a busy phone the opener can be
    // pressed again in between, while the parent still thinks the dialog open, and nothing would
    // show. So the parent hears cancel, and a close that arrives after the dialog opened again is
    // that earlier one's and is not heard.
    onCancel: onClose,
    onClose: () => {
      if (!ref.current?.open) onClose();
    },
  };
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape, makes the page
 * behind it inert and returns focus to where it was.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const modal = useModal(open, onClose);
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-stone-600">
        {description}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>
    </dialog>
  );
}
