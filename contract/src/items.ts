import { z } from 'zod';
import {
  CATEGORIES,
  DISTANCE_RADII_KM,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_LOCATION_MAX_LENGTH,
  ITEM_STATUSES,
  ITEM_TITLE_MAX_LENGTH,
  ITEM_TYPES,
  ITEM_VALUE_MAX,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_SORTS,
  SEARCH_MAX_LENGTH,
} from './constants.ts';
import { digitsOnly, optionalQueryText, pageQuery } from './paging.ts';
import { placeId, placeSummary } from './places.ts';
import { TEXT } from './texts.ts';

const t = TEXT.items;

/** A whole number of points, 0 or more, from a form field (digits only) or JSON; anything else is one message. */
export const pointsValue = z.preprocess(
  digitsOnly,
  z
    .number({ error: () => t.valueInvalid })
    .int({ error: () => t.valueInvalid })
    .min(0, { error: () => t.valueInvalid })
    .max(ITEM_VALUE_MAX, { error: () => t.valueInvalid }),
);

/**
 * The item fields in SPEC.md's validation order: the first failing field is the message shown.
 * Images are checked after these (Please add at least one image.).
 */
export const itemFields = z.object({
  title: z
    .string({ error: () => t.titleRequired })
    .trim()
    .min(1, { error: () => t.titleRequired })
    .max(ITEM_TITLE_MAX_LENGTH, { error: () => t.titleRequired }),
  category: z.enum(CATEGORIES, { error: () => t.categoryRequired }),
  value: pointsValue,
  location: z
    .string({ error: () => t.locationRequired })
    .trim()
    .min(1, { error: () => t.locationRequired })
    .max(ITEM_LOCATION_MAX_LENGTH, { error: () => t.locationRequired }),
  description: z.string().trim().max(ITEM_DESCRIPTION_MAX_LENGTH).default(''),
  /**
   * Issue 17: the town chosen in the place picker, whose label then becomes `location`. Without it
   * (older clients), the location text is matched to a town where it names one.
   */
  placeId: z.preprocess((raw) => (raw === '' ? undefined : raw), placeId.optional()),
});
export type ItemFields = z.infer<typeof itemFields>;

export const itemImage = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ItemImage = z.infer<typeof itemImage>;

export const memberSummary = z.object({
  id: z.uuid(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  /** The member deleted their account: shown as "Former member", with no photo and no link to a profile. */
  former: z.boolean(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

/** What a marketplace card needs: the first image only, to keep the page small. */
export const itemCard = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  value: z.number().int(),
  location: z.string(),
  /** Issue 17: the town `location` names; null for text no town matched. */
  place: placeSummary.nullable(),
  status: z.enum(ITEM_STATUSES),
  createdAt: z.iso.datetime(),
  ownerId: z.uuid(),
  image: itemImage.nullable(),
  /** Set while a moderator has the listing hidden (issue 15): only its owner and moderators see it then. */
  hiddenReason: z.string().nullable(),
});
export type ItemCard = z.infer<typeof itemCard>;

const viewerFields = {
  /** Issue 17: whether the member reading saved the listing (never their own). */
  favourited: z.boolean(),
  /**
   * Issue 17: kilometres, rounded, from the marketplace filter's place, else the reader's own place;
   * null when either side has no place. Coordinates never leave the server.
   */
  distanceKm: z.number().int().min(0).nullable(),
};

/** A card as a list of listings shows it to the member reading it. */
export const listedItem = itemCard.extend(viewerFields);
export type ListedItem = z.infer<typeof listedItem>;

export const itemDetail = itemCard.omit({ image: true }).extend({
  owner: memberSummary,
  images: z.array(itemImage.extend({ id: z.uuid() })),
  updatedAt: z.iso.datetime(),
  ...viewerFields,
});
export type ItemDetail = z.infer<typeof itemDetail>;

export const itemResponse = z.object({ item: itemDetail });
export type ItemResponse = z.infer<typeof itemResponse>;

const optionalPoints = z.preprocess((raw) => (typeof raw === 'string' && raw.trim() === '' ? undefined : raw), pointsValue.optional());

/** The marketplace's filters, as they stand in the page's URL and the API's query string. */
export const marketplaceQuery = pageQuery(MARKETPLACE_PAGE_SIZE, MARKETPLACE_PAGE_SIZE).extend({
  q: optionalQueryText(SEARCH_MAX_LENGTH),
  category: z.preprocess((raw) => (raw === '' ? undefined : raw), z.enum(CATEGORIES).optional()),
  location: optionalQueryText(ITEM_LOCATION_MAX_LENGTH),
  minValue: optionalPoints,
  maxValue: optionalPoints,
  type: z.preprocess((raw) => (raw === '' ? undefined : raw), z.enum(ITEM_TYPES).default('all')),
  /** Issue 17: "Within `within` km of `near`", `near` defaulting to the member's own place; `sort` absent is newest first. */
  near: z.preprocess((raw) => (raw === '' ? undefined : raw), placeId.optional()),
  within: z.preprocess(
    (raw) => (raw === '' ? undefined : digitsOnly(raw)),
    z.literal(DISTANCE_RADII_KM, { error: () => TEXT.distance.radiusInvalid }).optional(),
  ),
  sort: z.preprocess((raw) => (raw === '' ? undefined : raw), z.enum(MARKETPLACE_SORTS, { error: () => TEXT.distance.sortInvalid }).optional()),
});
export type MarketplaceQuery = z.input<typeof marketplaceQuery>;

export const itemPage = z.object({
  items: z.array(listedItem),
  /** Opaque; pass it back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ItemPage = z.infer<typeof itemPage>;

/** The marketplace's page (issue 17): a page of listings, and where its distances are measured from. */
export const marketplacePage = itemPage.extend({
  /** The `near` filter's place, else the reader's own; null when neither. Name and region only. */
  origin: placeSummary.nullable(),
  /**
   * With a distance filter (`within`, or `sort=nearest`), on the first page: how many listings
   * matching the other filters have no place and so are not included.
   */
  unplaced: z.number().int().min(0).optional(),
});
export type MarketplacePage = z.infer<typeof marketplacePage>;

/** A member's items, of every status unless one is asked for (the offer picker asks for the available ones). */
export const ownerItemsQuery = pageQuery(MARKETPLACE_PAGE_SIZE, MARKETPLACE_PAGE_SIZE).extend({
  status: z.enum(ITEM_STATUSES).optional(),
});
