import { currentLocale, LOCALES, PLACE_SUGGESTIONS_MAX, TEXT, type PlaceSummary } from '@swapyard/contract';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../lib/app-error.ts';
import { foldName, gazetteer, type GazetteerPlace } from './gazetteer.ts';
import { placeSummaryOf as summaryOf, presentPlace } from './present-place.ts';
import * as repo from './repository.ts';

/** Enough for the most common town names ("San José", "Springfield"). */
const SAME_NAME_MAX = 200;
const countryNames = Object.fromEntries(LOCALES.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })]));


/**
 * Places from the offline gazetteer that ships with the app (docs/decisions/022): the picker's
 * suggestions, and the `places` rows that listings, profiles and searches point at, copied from
 * the gazetteer when first used so distances are computed in SQL.
 */
export class PlacesService {
  /** The most populous towns whose name starts with the text, accents and case ignored. */
  search(text: string | undefined): PlaceSummary[] {
    return text ? gazetteer().search(text, PLACE_SUGGESTIONS_MAX).map(summaryOf) : [];
  }

  /** The town with this GeoNames id, if the gazetteer has it. */
  summary(placeId: number): PlaceSummary | null {
    return presentPlace(placeId);
  }

  /** Where the town is, for a distance from it; the member-facing shapes never carry this. */
  position(placeId: number): { latitude: number; longitude: number } | undefined {
    const place = gazetteer().byId(placeId);
    return place && { latitude: place.latitude, longitude: place.longitude };
  }

  /**
   * The place as a location text reads: "Leeds, England, United Kingdom" (a region named as its town
   * is said once), the country named in the writer's language, as the rest of what they write is.
   */
  label(place: PlaceSummary): string {
    const region = place.region && place.region !== place.name ? [place.region] : [];
    return [place.name, ...region, countryNames[currentLocale()]!.of(place.country) ?? place.country].join(', ');
  }

  /**
   * In the caller's transaction, before it writes a row that points at the place: the place's row
   * exists afterwards. A town the gazetteer does not know is refused (400), so nothing is written.
   */
  async use(tx: Executor, placeId: number): Promise<PlaceSummary> {
    const place = gazetteer().byId(placeId);
    if (!place) throw badRequest(TEXT.places.unknown);
    await repo.upsert(tx, place);
    return summaryOf(place);
  }

  /** Refuses, before anything is stored, a place id the gazetteer does not know. */
  assertKnown(placeId: number | null | undefined): void {
    if (placeId != null && !gazetteer().byId(placeId)) throw badRequest(TEXT.places.unknown);
  }

  /**
   * What a form's location is stored as, in the caller's transaction: a chosen place's label and
   * id; none chosen (null), the text as typed and no place; no choice sent (older clients), the
   * text as typed and the town it names, if any.
   */
  async locate(tx: Executor, { placeId, location }: { placeId?: number | null | undefined; location: string }): Promise<{ location: string; placeId: number | null }> {
    if (placeId === null) return { location, placeId: null };
    if (placeId === undefined) return { location, placeId: (await this.useText(tx, location))?.id ?? null };
    return { location: this.label(await this.use(tx, placeId)), placeId };
  }

  /**
   * The town a location typed as text names, for clients that send no place: one of the picker's
   * labels ("York, Pennsylvania, United States") is that town. A bare name is the town of that name
   * this community already uses, else one in the country where most of its towns are ("Boston" in a
   * British community is the one in Lincolnshire), else the most populous. Null when nothing matches:
   * the location stays text only.
   */
  async useText(tx: Executor, text: string): Promise<PlaceSummary | null> {
    const place = await this.placeNamed(tx, text);
    if (!place) return null;
    await repo.upsert(tx, place);
    return summaryOf(place);
  }

  private async placeNamed(tx: Executor, text: string): Promise<GazetteerPlace | undefined> {
    const [name = ''] = text.split(',');
    if (name.length < text.length) {
      const label = foldName(text);
      return gazetteer().named(name, SAME_NAME_MAX).find((place) => foldName(this.label(place)) === label);
    }
    const namesakes = gazetteer().named(text, SAME_NAME_MAX);
    if (namesakes.length < 2) return namesakes[0];
    const used = new Set(await repo.usedOf(tx, namesakes.map((place) => place.id)));
    const usedTown = namesakes.find((place) => used.has(place.id));
    if (usedTown) return usedTown;
    const country = await repo.mostUsedCountry(tx);
    return namesakes.find((place) => place.country === country) ?? namesakes[0];
  }
}
