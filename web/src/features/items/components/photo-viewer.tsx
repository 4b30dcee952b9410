import type { ItemDetail } from '@swapyard/contract';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useModal } from '../../../components/ui/dialog.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.viewer;

/** How far a finger must travel sideways for a swipe, rather than a tap that wobbled. */
const SWIPE_PX = 50;

/** The look of Previous and Next, placed over either side of the photo. */
const STEP_BUTTON = 'flex size-12 items-center justify-center rounded-full bg-black/50 hover:bg-black/70';

interface PhotoViewerProps {
  title: string;
  images: ItemDetail['images'];
  /** The photo on screen, or null when the viewer is closed. */
  index: number | null;
  onShow: (index: number) => void;
  onClose: () => void;
}

/**
 * A listing's photos full screen, on the native <dialog> (focus kept inside, Escape closes, focus
 * returns to the photo that opened it): arrow keys, the buttons or a swipe move between them.
 */
export function PhotoViewer({ title, images, index, onShow, onClose }: PhotoViewerProps) {
  const modal = useModal(index !== null, onClose);
  const titleId = useId();
  const swipeFrom = useRef<number | null>(null);
  const current = index === null ? undefined : images[index];
  const count = images.length;
  const step = (by: number) => {
    if (index !== null) onShow((index + by + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || Math.abs(event.clientX - from) < SWIPE_PX) return;
    step(event.clientX < from ? 1 : -1);
  };

  return (
    <dialog
      {...modal}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-stone-950"
    >
      {current && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 px-4 py-3">
            <h2 id={titleId} className="min-w-0 flex-1 truncate font-semibold [overflow-wrap:anywhere]">
              {t.heading({ title })}
            </h2>
            {count > 1 && (
              <p className="shrink-0 text-sm text-stone-300" aria-live="polite">
                {t.position({ position: index! + 1, count })}
              </p>
            )}
            <IconButton
              icon={X}
              label={t.close}
              iconClassName="size-6"
              autoFocus
              onClick={onClose}
              className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
            />
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeFrom.current = null)}
          >
            <img
              src={current.url}
              alt={t.photoAlt({ title, position: index! + 1, count })}
              width={current.width}
              height={current.height}
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {count > 1 && (
              <>
                <IconButton
                  icon={ChevronLeft}
                  label={t.previous}
                  iconClassName="size-7"
                  onClick={() => step(-1)}
                  className={`absolute left-2 ${STEP_BUTTON}`}
                />
                <IconButton
                  icon={ChevronRight}
                  label={t.next}
                  iconClassName="size-7"
                  onClick={() => step(1)}
                  className={`absolute right-2 ${STEP_BUTTON}`}
                />
              </>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
