import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ProposalBox } from '../../../lib/query-keys.ts';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;
const BOXES: readonly ProposalBox[] = ['received', 'sent'];

interface ProposalTabsProps {
  box: ProposalBox;
  onSelect: (box: ProposalBox) => void;
  children: ReactNode;
}

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home, End) move between Received and Sent. */
export function ProposalTabs({ box, onSelect, children }: ProposalTabsProps) {
  const baseId = useId();
  const tabs = useRef(new Map<ProposalBox, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const index = BOXES.indexOf(box);
    const next = {
      ArrowRight: BOXES[(index + 1) % BOXES.length],
      ArrowLeft: BOXES[(index - 1 + BOXES.length) % BOXES.length],
      Home: BOXES[0],
      End: BOXES.at(-1),
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t.tabsLabel} className="flex gap-1 border-b border-stone-200">
        {BOXES.map((tab) => {
          const selected = tab === box;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabs.current.set(tab, element);
                else tabs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                onSelect(tab);
              }}
              onKeyDown={onKeyDown}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold transition-colors ${
                selected
                  ? 'border-emerald-600 text-emerald-800'
                  : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
              }`}
            >
              {tab === 'received' ? t.received : t.sent}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${box}-tab`}>
        {children}
      </div>
    </div>
  );
}
