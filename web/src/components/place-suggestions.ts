import type { PlaceSummary } from '@swapyard/contract';
import { createContext } from 'react';

export interface PlaceSuggestions {
  places: PlaceSummary[];
  searching: boolean;
  failed: boolean;
}

/**
 * Where the place picker gets its suggestions: the app hands in the API's hook
 * (web/src/api/places.ts), as features hand other calls to shared components, so every picker
 * keeps the same few props.
 */
export const PlaceSuggestionsSource = createContext<((text: string) => PlaceSuggestions) | null>(null);
