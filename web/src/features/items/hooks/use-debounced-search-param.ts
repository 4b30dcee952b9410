import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { putParam, useChangeSearchParams } from '../../../lib/use-change-search-params.ts';

const DEBOUNCE_MS = 300;

/**
 * A text field kept in the address: it shows every keystroke at once, and writes the address
 * (replacing the history entry) once typing pauses, so each letter is neither a request nor a Back step.
 */
export function useDebouncedSearchParam(name: string): [string, (text: string) => void] {
  const [searchParams] = useSearchParams();
  const changeSearchParams = useChangeSearchParams();
  const inAddress = searchParams.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  // What this field last wrote or took from the address; the router applies writes a little later.
  const [written, setWritten] = useState(inAddress);

  // The address changed: when it is not our own write arriving (a link, Back, Reset Filters), show it.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== written) {
      setWritten(inAddress);
      setText(inAddress);
    }
  }

  useEffect(() => {
    const value = text.trim();
    if (value === written) return;
    const timer = setTimeout(() => {
      setWritten(value);
      changeSearchParams(
        (params) => {
          putParam(params, name, value);
        },
        { replace: true },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [name, text, written, changeSearchParams]);

  return [text, setText];
}
