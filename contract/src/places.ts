import { z } from 'zod';
import { PLACE_SUGGESTIONS_MAX } from './constants.ts';
import { digitsOnly, optionalQueryText } from './paging.ts';
import { TEXT } from './texts.ts';

/** A town from the gazetteer as members see it: never coordinates, which stay on the server. */
export const placeSummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The first-level division (state, county, nation); empty when the gazetteer has none. */
  region: z.string(),
  /** ISO 3166-1 alpha-2; the browser shows its name in the member's language. */
  country: z.string().length(2),
});
export type PlaceSummary = z.infer<typeof placeSummary>;

/** A GeoNames id as a form field or query parameter writes it. */
export const placeId = z.preprocess(
  digitsOnly,
  z.number({ error: () => TEXT.places.unknown }).int({ error: () => TEXT.places.unknown }).positive({ error: () => TEXT.places.unknown }),
);

/** The place picker's question: a few letters, accents and case ignored. */
export const placeSearchQuery = z.object({ q: optionalQueryText(100) });
export type PlaceSearchQuery = z.input<typeof placeSearchQuery>;

/** The most populous matches first, at most PLACE_SUGGESTIONS_MAX. */
export const placeSearchResponse = z.object({ places: z.array(placeSummary).max(PLACE_SUGGESTIONS_MAX) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponse>;
