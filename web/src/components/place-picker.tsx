import type { PlaceSummary } from '@swapyard/contract';
import { useContext, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { PLACE_PICKER_TEXT as t } from './place-picker-texts.ts';
import { PlaceSuggestionsSource, type PlaceSuggestions } from './place-suggestions.ts';
import { Field } from './ui/field.tsx';
import { regionNames } from '../lib/intl.ts';

/** Typing pauses this long before the letters so far are asked about: a request per pause, not per key. */
const SETTLE_MS = 250;

export interface PlacePickerProps {
  label: string;
  value: PlaceSummary | null;
  onChange: (place: PlaceSummary | null) => void;
  required?: boolean;
  error?: string;
  id?: string;
  /** A form field of this name carries the chosen place's id (empty while none is chosen). */
  name?: string;
}

/** The country's name in the member's language; the server sends only its ISO code. */
export function countryName(code: string): string {
  try {
    return regionNames().of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Leeds, England, United Kingdom"; a region named as its town is said once. */
export function placeLabel(place: PlaceSummary): string {
  const region = place.region && place.region !== place.name ? [place.region] : [];
  return [place.name, ...region, countryName(place.country)].join(', ');
}

function noSource(): PlaceSuggestions {
  throw new Error('A PlacePicker needs a PlaceSuggestionsSource above it (web/src/app/providers.tsx).');
}

/**
 * A town from the gazetteer: type a few letters, then choose one of the most populous matches with
 * the arrows and Enter, or a click. The ARIA 1.2 combobox pattern with a list popup: the focus stays
 * in the text box, and the active option is named by aria-activedescendant. Typing after a choice
 * undoes it, so the form never sends a town other than the one shown.
 */
export function PlacePicker({ label, value, onChange, required, error, id, name }: PlacePickerProps) {
  const usePlaces = useContext(PlaceSuggestionsSource) ?? noSource;
  const [text, setText] = useState(() => (value ? placeLabel(value) : ''));
  const [settled, setSettled] = useState('');
  // True while the member is typing towards a choice: the suggestions show only then.
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<PlaceSummary | null>(null);
  const [shownValue, setShownValue] = useState(value);
  const listboxId = useId();
  const { places, searching, failed } = usePlaces(settled);

  // A value set from outside (an edit form loaded, a form reset) shows as its label.
  if (value?.id !== shownValue?.id) {
    setShownValue(value);
    setText(value ? placeLabel(value) : '');
    setTyping(false);
  }

  useEffect(() => {
    const timer = setTimeout(() => setSettled(typing ? text.trim() : ''), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, typing]);

  // Suggestions for letters since typed over are never offered: Enter or a click would choose a town the text no longer names.
  const answered = typing && settled !== '' && settled === text.trim() && !searching;
  const expanded = answered && places.length > 0;
  const activePlace = expanded ? places[active] : undefined;
  const optionId = (place: PlaceSummary) => `${listboxId}-${String(place.id)}`;

  useEffect(() => {
    if (activePlace) document.getElementById(optionId(activePlace))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (place: PlaceSummary) => {
    setText(placeLabel(place));
    setTyping(false);
    setActive(-1);
    setChosen(place);
    setShownValue(place);
    onChange(place);
  };

  const edit = (next: string) => {
    setText(next);
    setTyping(true);
    setActive(-1);
    setChosen(null);
    if (value && next !== placeLabel(value)) {
      setShownValue(null);
      onChange(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = places.length;
    if (event.key === 'ArrowDown' && count > 0 && settled !== '' && settled === text.trim() && !searching) {
      event.preventDefault();
      setTyping(true);
      setActive((current) => (current + 1) % count);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((current) => (current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && activePlace) {
      event.preventDefault();
      choose(activePlace);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only: a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setTyping(false);
      setActive(-1);
    }
  };

  const status = failed && typing
    ? t.failed
    : answered && places.length === 0
      ? t.noMatch({ text: settled })
      : expanded
        ? t.found({ count: places.length })
        : chosen
          ? t.chosen({ label: placeLabel(chosen) })
          : '';
  const statusShown = status === t.failed || (answered && places.length === 0);

  return (
    <Field label={label} error={error} id={id}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            className={`w-full ${control.className}`}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activePlace ? optionId(activePlace) : undefined}
            aria-required={required || undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={t.placeholder}
            value={text}
            onChange={(event) => edit(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setTyping(false);
              setActive(-1);
            }}
          />
          {name && <input type="hidden" name={name} value={value ? String(value.id) : ''} />}
          <ul
            id={listboxId}
            role="listbox"
            aria-label={label}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
          >
            {expanded &&
              places.map((place, index) => (
                <li
                  key={place.id}
                  id={optionId(place)}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the text box, so the click is not a blur that closes the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(place)}
                  className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-emerald-50 text-emerald-950' : 'text-stone-900 hover:bg-stone-100'}`}
                >
                  <span className="font-medium">{place.name}</span>
                  <span className="block text-stone-600">{[place.region, countryName(place.country)].filter(Boolean).join(', ')}</span>
                </li>
              ))}
          </ul>
          <p role="status" className={statusShown ? 'mt-1.5 text-sm text-stone-600' : 'sr-only'}>
            {status}
          </p>
        </div>
      )}
    </Field>
  );
}
