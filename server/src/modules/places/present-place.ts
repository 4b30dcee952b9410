import type { PlaceSummary } from '@swapyard/contract';
import { gazetteer, type GazetteerPlace } from './gazetteer.ts';

/** A member sees a town, never its coordinates. */
export function placeSummaryOf({ id, name, region, country }: GazetteerPlace): PlaceSummary {
  return { id, name, region, country };
}

/** A row's place as members see it, named from the gazetteer by its id: no query. */
export function presentPlace(placeId: number | null): PlaceSummary | null {
  const place = placeId === null ? undefined : gazetteer().byId(placeId);
  return place ? placeSummaryOf(place) : null;
}
