import { useState } from 'react';
import { putParam, useChangeSearchParams } from '../../../lib/use-change-search-params.ts';

/**
 * A choice kept in the address (a category, a type), each one a step Back can undo. The router
 * applies a new address in a transition a busy device may hold back, and a controlled field snaps
 * back to the old value meanwhile; the choice is shown at once until the address moves.
 * `current` is the address's value as the page reads it, '' for none.
 */
export function useChoiceInAddress(name: string, current: string): [string, (value: string) => void] {
  const changeSearchParams = useChangeSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const [seen, setSeen] = useState(current);

  if (current !== seen) {
    setSeen(current);
    setChosen(null);
  }

  const choose = (value: string) => {
    setChosen(value);
    changeSearchParams((params) => {
      putParam(params, name, value);
    });
  };

  return [chosen ?? current, choose];
}
