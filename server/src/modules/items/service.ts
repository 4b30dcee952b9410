import {
  type ItemCard,
  itemFields,
  MAX_ITEM_IMAGES,
  TEXT,
  type ItemDetail,
  type ItemFields,
  type ItemPage,
  type ItemStatus,
  type ItemType,
  type ListedItem,
  type MarketplacePage,
  type MarketplaceSort,
} from '@swapyard/contract';
import type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, decodeDistanceCursor, splitPage } from '../../lib/cursor.ts';
import type { Session } from '../auth/service.ts';
import type { CommunityService } from '../community/service.ts';
import type { MultipartForm } from '../../plugins/multipart-form.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { BlocksService } from '../blocks/service.ts';
import type { UnplacedRows } from '../places/backfill.ts';
import type { PlacesService } from '../places/service.ts';
import type { ImageService, StoredImage } from '../uploads/service.ts';
import { presentMember } from '../profiles/present-member.ts';
import { presentCard, presentDetail, presentListed } from './present-item.ts';
import * as repo from './repository.ts';
import { isStaff } from '../roles/staff.ts';

export interface ListOptions {
  cursor?: string | undefined;
  limit: number;
}

/** The marketplace's filters: the repository's, and the distance ones of issue 17. */
export type MarketplaceFilters = Omit<repo.ItemFilters, 'othersOnly' | 'listed' | 'within' | 'unplaced'> & {
  type: ItemType;
  near?: number | undefined;
  within?: number | undefined;
  sort?: MarketplaceSort | undefined;
};

const imageOrder = z.array(z.string().regex(/^(id:[0-9a-f-]{36}|new:\d{1,2})$/)).max(MAX_ITEM_IMAGES);

/** The first failing field in SPEC.md's order, with its text. */
function parseFields(form: MultipartForm): ItemFields {
  const parsed = itemFields.safeParse(Object.fromEntries(form.fields));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? TEXT.errors.invalidInput);
  return parsed.data;
}


/**
 * Runs inside the transaction that changes (in a way another member would see) or removes an
 * item, with its row locked as it was; `next` is what a change saves. Returns what to do once that
 * transaction has committed. Proposals and favourites hook in here (docs/decisions/009) without
 * items depending on them.
 */
export type ItemChangeHook = (
  tx: Executor,
  item: repo.ItemRow,
  change: 'changed' | 'removed',
  ownerName: string,
  next?: ItemFields,
) => Promise<() => Promise<void>>;

/**
 * Runs inside the transaction that puts listings on the marketplace: a new one, or one available
 * again (a reversed swap, a moderator's restore). Saved searches hook in here (app.ts).
 */
export type ItemListedHook = (tx: Executor, itemIds: string[]) => Promise<void>;

/**
 * Whether the member saved the listing in `itemId` (a column of the statement listing it):
 * favourites, built after items, give the condition (app.ts).
 */
export type SavedBy = (memberId: string | Placeholder, itemId: SQLWrapper) => SQL<boolean>;

export class ItemsService {
  private readonly changeHooks: ItemChangeHook[] = [];
  private readonly listedHooks: ItemListedHook[] = [];
  private savedBy: SavedBy = repo.savedByNobody;
  private firstPage: ReturnType<typeof repo.prepareFirstPage> | undefined;

  /** Listings whose location text has no place yet, for the one-off matching (places/backfill.ts). */
  readonly unplaced: UnplacedRows = {
    page: (afterId, limit) => repo.unplacedPage(this.db, afterId, limit),
    place: (tx, ids, placeId) => repo.setPlace(tx, ids, placeId),
  };

  constructor(
    private readonly db: Database,
    private readonly images: ImageService,
    private readonly bus: EventBus,
    private readonly community: CommunityService,
    private readonly blocks: BlocksService,
    private readonly places: PlacesService,
  ) {}

  onChange(hook: ItemChangeHook): void {
    this.changeHooks.push(hook);
  }

  onListed(hook: ItemListedHook): void {
    this.listedHooks.push(hook);
  }

  private async runListedHooks(tx: Executor, itemIds: string[]): Promise<void> {
    for (const hook of this.listedHooks) await hook(tx, itemIds);
  }

  favouritesFrom(savedBy: SavedBy): void {
    this.savedBy = savedBy;
    // The prepared first page holds the condition it was built with.
    this.firstPage = undefined;
  }

  /** The member as a reader of listings: the conditions the blocks and favourites modules give for them. */
  private reader(memberId: string | Placeholder): repo.Reader {
    return {
      id: memberId,
      notBlocked: (ownerId) => this.blocks.notBlockedBy(memberId, ownerId),
      saved: (itemId) => this.savedBy(memberId, itemId),
    };
  }

  /** Locks item rows in id order, in the caller's transaction: before any proposal row (see the repository). */
  lock(tx: Executor, ids: string[], mode: 'no key update' | 'share'): Promise<repo.ItemRow[]> {
    return repo.lockItems(tx, ids, mode);
  }

  markSwapped(tx: Executor, ids: string[]): Promise<void> {
    return repo.markSwapped(tx, ids);
  }

  /** A reversed swap: the items, locked by the caller, are back in the marketplace with their owners. */
  async markAvailableAgain(tx: Executor, ids: string[]): Promise<void> {
    await repo.markAvailableAgain(tx, ids);
    await this.runListedHooks(tx, ids);
  }

  /**
   * In the transaction that suspends the member, first (items before proposals): their listings
   * that can still be proposed for, locked so a proposal for one either lands before or sees the suspension.
   */
  async lockListingsOf(tx: Executor, ownerId: string): Promise<string[]> {
    return (await repo.lockRemovableOf(tx, ownerId)).map((item) => item.id);
  }

  /** After a suspension or its lift commits: every screen showing these listings reads them again. */
  async announceVisibility(ids: string[], ownerId: string): Promise<void> {
    for (const id of ids) await this.announce('items.updated', id, ownerId);
  }

  /** Whether the member is suspended now: others may not propose for their listings meanwhile. */
  ownerSuspended(db: Executor, ownerId: string): Promise<boolean> {
    return repo.isSuspended(db, ownerId);
  }

  byIds(db: Executor, ids: string[]): Promise<repo.ItemRow[]> {
    return repo.itemsByIds(db, ids);
  }

  /** The marketplace cards of these items, by id: what another module shows of an item. */
  async cards(db: Executor, ids: string[]): Promise<Map<string, ItemCard>> {
    const [rows, images] = await Promise.all([repo.itemsByIds(db, ids), repo.firstImagesOf(db, ids)]);
    const imageOf = new Map(images.map((image) => [image.itemId, image]));
    return new Map(rows.map((item) => [item.id, presentCard(item, imageOf.get(item.id))]));
  }

  /**
   * The marketplace, in one statement. A distance filter (`within`, or `sort` nearest) needs a
   * place: `near`, else the member's own; it leaves out the listings without a place, and its first
   * page counts them. The member's place and that count come with the page's rows; an empty page
   * has no row to carry them, so then they are read apart.
   */
  async list(session: Session, query: MarketplaceFilters, { cursor, limit }: ListOptions): Promise<MarketplacePage> {
    const { near, within, sort = 'newest', ...filters } = query;
    const reader = this.reader(session.userId);
    const from = near === undefined ? 'own place' : this.town(near);
    const byDistance = within !== undefined || sort === 'nearest';
    const extras = { originId: from === 'own place', unplacedOf: byDistance && !cursor ? filters : undefined };
    const radius = within === undefined ? undefined : within * 1000;
    // The marketplace as it first opens, the page most asked for, runs prepared (its SQL built once).
    const plain = !cursor && near === undefined && !byDistance && isUnfiltered(filters);
    // One row more than asked tells whether another page exists without counting.
    const rows = plain
      ? await this.preparedFirstPage().execute({ readerId: session.userId, limit: limit + 1 })
      : sort === 'nearest'
        ? await repo.listNearest(this.db, reader, filters, from, radius, decodeDistanceCursor(cursor), limit + 1, extras)
        : await repo.listAvailable(this.db, reader, { ...filters, within: radius === undefined ? undefined : { from, metres: radius } }, decodeCursor(cursor), limit + 1, from, extras);
    const first = rows[0];
    const originId = from === 'own place' ? (first ? first.originId : ((await repo.placeOfMember(this.db, session.userId))?.id ?? null)) : from.id;
    if (byDistance && originId === null) throw badRequest(TEXT.distance.placeRequired);
    const unplaced = extras.unplacedOf && (first ? first.unplaced : await repo.countAvailable(this.db, reader, { ...filters, unplaced: true }));
    const { visible, nextCursor } = splitPage(rows, limit, (row) =>
      sort === 'nearest' ? [row.metres ?? 0, row.cursorAt, row.item.id] : [row.cursorAt, row.item.id],
    );
    return {
      items: visible.map(presentRow),
      nextCursor,
      origin: originId === null ? null : this.places.summary(originId),
      ...(unplaced === undefined || unplaced === null ? {} : { unplaced }),
    };
  }

  /** Prepared on first use, after app.ts has given favourites' condition. */
  private preparedFirstPage() {
    return (this.firstPage ??= repo.prepareFirstPage(this.db, (id) => this.reader(id)));
  }

  /** A town of the gazetteer to measure from, read from it, so a search writes no row. */
  private town(placeId: number): repo.Origin {
    const [summary, position] = [this.places.summary(placeId), this.places.position(placeId)];
    if (!summary || !position) throw badRequest(TEXT.places.unknown);
    return { ...summary, ...position };
  }

  /**
   * The marketplace's listings that are new to the member in this span, newest first (at most
   * `limit`), and how many there are: what the marketplace would show them, less their own.
   */
  async newInMarketplace(memberId: string, listed: { from: Date; until: Date }, limit: number): Promise<{ items: ItemCard[]; total: number }> {
    // Their own listings are no news to them; those of members they blocked the marketplace leaves out.
    const reader = this.reader(memberId);
    const filters = { type: 'all' as const, othersOnly: true, listed };
    const [rows, total] = await Promise.all([
      repo.listAvailable(this.db, reader, filters, undefined, limit),
      repo.countAvailable(this.db, reader, filters),
    ]);
    return { items: rows.map(({ item, image }) => presentCard(item, image ?? undefined)), total };
  }

  async listByOwner(
    session: Session,
    ownerId: string,
    { cursor, limit, status }: ListOptions & { status?: ItemStatus | undefined },
  ): Promise<ItemPage> {
    const withHidden = ownerId === session.userId || (await isStaff(session));
    const rows = await repo.listByOwner(this.db, this.reader(session.userId), ownerId, status, decodeCursor(cursor), limit + 1, withHidden);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.item.id]);
    return { items: visible.map(presentRow), nextCursor };
  }

  /** Every listing of the member, whatever its status, with all its pictures: their data export. */
  async ownListings(session: Session, { cursor, limit }: ListOptions): Promise<{ listings: ItemDetail[]; nextCursor: string | null }> {
    const rows = await repo.listByOwner(this.db, this.reader(session.userId), session.userId, undefined, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.item.id]);
    const images = await repo.imagesOfItems(this.db, visible.map((row) => row.item.id));
    // Signed in, so not a former member.
    const owner = presentMember({ ...(await session.user()), deletedAt: null });
    return {
      // Nobody saves their own listing, nor needs its distance from themselves.
      listings: visible.map((row) =>
        presentDetail(row.item, owner, images.filter((image) => image.itemId === row.item.id), { favourited: false, distanceKm: null }),
      ),
      nextCursor,
    };
  }

  async get(session: Session, id: string): Promise<ItemDetail> {
    const found = await this.seenBy(session, id);
    if (!found) throw notFound(TEXT.items.notFoundTitle);
    const images = await repo.imagesOf(this.db, id);
    return presentDetail(found.item, presentMember(found.owner), images, { favourited: found.favourited, distanceKm: kilometres(found.metres) });
  }

  /**
   * The cards of these listings that the member may see, by id: the item page's rule, and never a
   * listing of a member they blocked, as the marketplace leaves those out. Favourites shows and saves by it.
   */
  async cardsSeenBy(session: Session, ids: string[]): Promise<Map<string, ListedItem>> {
    if (ids.length === 0) return new Map();
    const rows = await repo.itemsSeenBy(this.db, this.reader(session.userId), ids, await isStaff(session));
    return new Map(rows.map((row) => [row.item.id, presentRow(row)]));
  }

  /** Whose the listing is, when this member can see it at all: what they may report. */
  async ownerSeenBy(session: Session, id: string): Promise<string | undefined> {
    return (await this.seenBy(session, id))?.item.ownerId;
  }

  private async seenBy(session: Session, id: string) {
    const found = await repo.findWithOwner(this.db, id, this.reader(session.userId));
    // A hidden listing is gone for everyone but its owner (who sees why) and the moderators.
    if (found?.item.hiddenAt && found.item.ownerId !== session.userId && !(await isStaff(session))) return undefined;
    return found;
  }

  /** The listings the moderators' queue shows, by id, with all their pictures (hidden ones too). */
  async forModeration(db: Executor, ids: string[]): Promise<Map<string, { item: repo.ItemRow; images: repo.ItemImageRow[] }>> {
    const [rows, images] = await Promise.all([repo.itemsByIds(db, ids), repo.imagesOfItems(db, ids)]);
    return new Map(rows.map((item) => [item.id, { item, images: images.filter((image) => image.itemId === item.id) }]));
  }

  /** Locks the listing a moderator acts on, in the caller's transaction. */
  async lockForModeration(tx: Executor, id: string): Promise<repo.ItemRow | undefined> {
    return repo.lockItem(tx, id);
  }

  /** A moderator hides the listing (with the reason its owner is told) or restores it (null), in the caller's transaction. */
  async setHidden(tx: Executor, id: string, reason: string | null): Promise<repo.ItemRow | undefined> {
    const row = await repo.setHidden(tx, id, reason);
    if (row && reason === null) await this.runListedHooks(tx, [id]);
    return row;
  }

  /** After commit: every marketplace drops or regains the listing. */
  announceModerated(item: repo.ItemRow): Promise<void> {
    return this.announce('items.updated', item.id, item.ownerId);
  }

  async create(session: Session, form: MultipartForm): Promise<ItemDetail> {
    const fields = parseFields(form);
    if (form.files.length === 0) throw badRequest(TEXT.items.imagesRequired);
    this.places.assertKnown(fields.placeId);
    const withinNewMemberLimit = (tx: Executor) =>
      this.community.limitNewMember(tx, session.userId, 'listings', (since) => repo.listedSince(tx, session.userId, since));
    // Refused before any photo is stored; counted again where the listing is written, under the member's lock.
    await this.db.transaction(withinNewMemberLimit);
    const stored = await this.images.storeAll('items', session.userId, form.files);
    let itemId: string;
    try {
      itemId = await this.db.transaction(async (tx) => {
        await withinNewMemberLimit(tx);
        const item = await repo.insertItem(tx, { ...fields, ...(await this.places.locate(tx, fields)), ownerId: session.userId });
        await repo.replaceImages(tx, item.id, stored.map(toImageRow));
        await this.runListedHooks(tx, [item.id]);
        return item.id;
      });
    } catch (error) {
      await this.images.removeAll(stored.map((image) => image.key));
      throw error;
    }
    await this.announce('items.created', itemId, session.userId);
    return this.get(session, itemId);
  }

  /** A change that matters withdraws the pending proposals the item is in (docs/decisions/009). */
  async update(session: Session, id: string, form: MultipartForm): Promise<ItemDetail> {
    const current = await repo.findWithOwner(this.db, id, this.reader(session.userId));
    if (!current) throw notFound(TEXT.items.notFoundTitle);
    if (current.item.ownerId !== session.userId) throw forbidden(TEXT.items.updateForbidden);
    if (current.item.status === 'swapped') throw badRequest(TEXT.items.swappedLocked);
    const fields = parseFields(form);
    this.places.assertKnown(fields.placeId);
    const existing = await repo.imagesOf(this.db, id);
    const order = parseImageOrder(form, existing);
    const owner = await session.user();

    const stored = await this.images.storeAll('items', session.userId, form.files);
    const finalImages = order.map((entry) =>
      entry.kind === 'existing' ? entry.image : toImageRow(stored[entry.index]!),
    );
    let afterCommit: (() => Promise<void>)[] | undefined;
    try {
      afterCommit = await this.db.transaction(async (tx) => {
        const locked = await repo.lockItem(tx, id);
        if (!locked) throw notFound(TEXT.items.notFoundTitle);
        if (locked.status === 'swapped') throw badRequest(TEXT.items.swappedLocked);
        const imagesBefore = await repo.imagesOf(tx, id);
        const stored = { ...fields, ...(await this.places.locate(tx, fields)) };
        if (!differs(locked, imagesBefore, stored, finalImages)) return undefined;
        const hooked = await this.runChangeHooks(tx, locked, 'changed', owner.displayName, fields);
        await repo.updateItem(tx, id, stored);
        await repo.replaceImages(tx, id, finalImages);
        return hooked;
      });
    } catch (error) {
      await this.images.removeAll(stored.map((image) => image.key));
      throw error;
    }
    const kept = new Set(finalImages.map((image) => image.storageKey));
    await this.images.removeAll(existing.map((image) => image.storageKey).filter((key) => !kept.has(key)));
    if (afterCommit) {
      for (const work of afterCommit) await work();
      await this.announce('items.updated', id, session.userId);
    }
    return this.get(session, id);
  }

  /** Removing an item withdraws the pending proposals it is in, and tells their other side. */
  async delete(session: Session, id: string): Promise<void> {
    const owner = await session.user();
    const { keys, afterCommit } = await this.db.transaction(async (tx) => {
      const item = await repo.lockItem(tx, id);
      if (!item) throw notFound(TEXT.items.notFoundTitle);
      if (item.ownerId !== session.userId) throw forbidden(TEXT.items.deleteForbidden);
      if (item.status === 'swapped') throw badRequest(TEXT.items.swappedUndeletable);
      const hooked = await this.runChangeHooks(tx, item, 'removed', owner.displayName);
      const images = await repo.imagesOf(tx, id);
      await repo.deleteItem(tx, id);
      return { keys: images.map((image) => image.storageKey), afterCommit: hooked };
    });
    await this.images.removeAll(keys);
    for (const work of afterCommit) await work();
    await this.announce('items.deleted', id, session.userId);
  }

  /**
   * In the transaction that deletes the member's account: every listing of theirs that is not
   * swapped goes, as delete() removes one, locked first in id order (items before proposals).
   * Returns what to do once that transaction has committed.
   */
  async removeAllOf(tx: Executor, ownerId: string, ownerName: string): Promise<() => Promise<void>> {
    const removable = await repo.lockRemovableOf(tx, ownerId);
    const afterCommit: (() => Promise<void>)[] = [];
    for (const item of removable) afterCommit.push(...(await this.runChangeHooks(tx, item, 'removed', ownerName)));
    const ids = removable.map((item) => item.id);
    const keys = (await repo.imagesOfItems(tx, ids)).map((image) => image.storageKey);
    await repo.deleteItems(tx, ids);
    return async () => {
      await this.images.removeAll(keys);
      for (const work of afterCommit) await work();
      for (const id of ids) await this.announce('items.deleted', id, ownerId);
    };
  }

  private async runChangeHooks(
    tx: Executor,
    item: repo.ItemRow,
    change: 'changed' | 'removed',
    ownerName: string,
    next?: ItemFields,
  ) {
    const afterCommit: (() => Promise<void>)[] = [];
    for (const hook of this.changeHooks) afterCommit.push(await hook(tx, item, change, ownerName, next));
    return afterCommit;
  }

  private announce(type: 'items.created' | 'items.updated' | 'items.deleted', itemId: string, ownerId: string) {
    return this.bus.publish({ rooms: [rooms.everyone], event: { type, data: { itemId, ownerId } } });
  }
}

/** Whole kilometres, as members are shown them: a town's distance, never more exact. */
function kilometres(metres: number | null): number | null {
  return metres === null ? null : Math.round(metres / 1000);
}

/** A card as its reader sees it, from the row that listed it. */
function presentRow(row: repo.CardRow): ListedItem {
  return presentListed(row.item, row.image ?? undefined, { favourited: row.favourited, distanceKm: kilometres(row.metres) });
}

/** No filter but the listing type "all": the marketplace as it first opens. */
function isUnfiltered(filters: Omit<MarketplaceFilters, 'near' | 'within' | 'sort'>): boolean {
  const { type, ...rest } = filters;
  return type === 'all' && Object.values(rest).every((value) => value === undefined);
}

function toImageRow(image: StoredImage) {
  return { storageKey: image.key, width: image.width, height: image.height };
}

/** Whether saving changes anything another member sees: a field, or the photos or their order. */
function differs(
  item: repo.ItemRow,
  images: repo.ItemImageRow[],
  fields: Pick<repo.ItemRow, 'title' | 'description' | 'category' | 'value' | 'location' | 'placeId'>,
  finalImages: { storageKey: string }[],
): boolean {
  const fieldChanged = (['title', 'description', 'category', 'value', 'location', 'placeId'] as const).some((name) => item[name] !== fields[name]);
  const photosChanged =
    images.length !== finalImages.length || images.some((image, index) => image.storageKey !== finalImages[index]?.storageKey);
  return fieldChanged || photosChanged;
}

type OrderEntry = { kind: 'existing'; image: repo.ItemImageRow } | { kind: 'new'; index: number };

/**
 * imageOrder lists the final gallery: "id:<image id>" keeps an existing image, "new:<n>" places the
 * n-th uploaded file. Without it, existing images stay and new ones follow.
 */
function parseImageOrder(form: MultipartForm, existing: repo.ItemImageRow[]): OrderEntry[] {
  const raw = form.fields.get('imageOrder');
  let tokens: string[];
  if (raw === undefined) {
    tokens = [...existing.map((image) => `id:${image.id}`), ...form.files.map((_, i) => `new:${i}`)];
  } else {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = imageOrder.safeParse(json);
    if (!parsed.success) {
      throw badRequest(Array.isArray(json) && json.length > MAX_ITEM_IMAGES ? TEXT.items.tooManyImages : 'Invalid image order');
    }
    tokens = parsed.data;
  }
  if (tokens.length === 0) throw badRequest(TEXT.items.imagesRequired);
  if (tokens.length > MAX_ITEM_IMAGES) throw badRequest(TEXT.items.tooManyImages);
  if (new Set(tokens).size !== tokens.length) throw badRequest(TEXT.items.invalidImageOrder);
  const byId = new Map(existing.map((image) => [image.id, image]));
  const entries = tokens.map((token): OrderEntry => {
    const [kind, ref = ''] = token.split(':') as [string, string];
    if (kind === 'id') {
      const image = byId.get(ref);
      if (!image) throw badRequest(TEXT.items.invalidImageOrder);
      return { kind: 'existing', image };
    }
    const index = Number(ref);
    if (index >= form.files.length) throw badRequest(TEXT.items.invalidImageOrder);
    return { kind: 'new', index };
  });
  // An uploaded file that the order leaves out would be stored for nothing.
  if (entries.filter((entry) => entry.kind === 'new').length !== form.files.length) throw badRequest(TEXT.items.invalidImageOrder);
  return entries;
}
