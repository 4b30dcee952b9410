import { PLACE_SUGGESTIONS_MAX, TEXT, type PlaceSummary } from '@swapyard/contract';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../lib/app-error.ts';
import { foldName, gazetteer, type GazetteerPlace } from './gazetteer.ts';
import * as repo from './repository.ts';

/** Enough for the most common town names ("San José", "Springfield"). */
const SAME_NAME_MAX = 200;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A member sees a town, never its coordinates. */
function summaryOf({ id, name, region, country }: GazetteerPlace): PlaceSummary {
  return { id, name, region, country };
}

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
  summary(placeId: number): PlaceSummary | undefined {
    const place = gazetteer().byId(placeId);
    return place && summaryOf(place);
  }

  /** Where the town is, for a distance from it; the member-facing shapes never carry this. */
  position(placeId: number): { latitude: number; longitude: number } | undefined {
    const place = gazetteer().byId(placeId);
    return place && { latitude: place.latitude, longitude: place.longitude };
  }

  /** The place as a location text reads: "Leeds, England, United Kingdom" (a region named as its town is said once). */
  label(place: PlaceSummary): string {
    const region = place.region && place.region !== place.name ? [place.region] : [];
    return [place.name, ...region, countryNames.of(place.country) ?? place.country].join(', ');
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

  /**
   * The town a location typed as text names, for clients that send no place: one of the picker's
   * labels ("York, Pennsylvania, United States") is that town, a bare name the most populous town
   * of that name. Null when nothing matches: the location stays text only.
   */
  async useText(tx: Executor, text: string): Promise<PlaceSummary | null> {
    const place = this.placeNamed(text);
    if (!place) return null;
    await repo.upsert(tx, place);
    return summaryOf(place);
  }

  private placeNamed(text: string): GazetteerPlace | undefined {
    const [name = ''] = text.split(',');
    if (name.length === text.length) return gazetteer().named(text, 1)[0];
    const label = foldName(text);
    return gazetteer().named(name, SAME_NAME_MAX).find((place) => foldName(this.label(place)) === label);
  }
}
