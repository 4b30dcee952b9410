import { Flag, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_TEXT } from '../../../components/report-texts.ts';
import { CONVERSATION_TEXT } from '../texts.ts';

/**
 * The small More button on another member's message, opening its actions (a disclosure: Tab
 * reaches them, Escape or a click elsewhere closes them and the focus stays on More).
 */
export function MessageMenu({ time, onReport }: { time: string; onReport: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative self-center"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={CONVERSATION_TEXT.moreActionsFor({ time })}
        title={CONVERSATION_TEXT.moreActions}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        className="flex size-11 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-stone-800"
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div id={panelId} className="absolute top-full left-0 z-10 mt-1 min-w-36 rounded-lg border border-stone-200 bg-white py-1 shadow-lg">
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onReport();
            }}
            className="flex min-h-11 w-full items-center gap-2 px-3 text-left text-sm text-stone-800 hover:bg-stone-100"
          >
            <Flag aria-hidden="true" className="size-4" />
            {REPORT_TEXT.button}
          </button>
        </div>
      )}
    </div>
  );
}
