import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 250;

/** The text once typing pauses: each keystroke is not a request. */
export function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text]);
  return settled;
}
