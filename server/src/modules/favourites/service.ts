import { TEXT, type FavouritePage, type ItemFields, type ListedItem } from '@swapyard/contract';
import type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import type { Session } from '../auth/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { NewNotification, NotificationRow, NotificationsService } from '../notifications/service.ts';
import * as repo from './repository.ts';

const t = TEXT.favourites;

/** A saved listing in the member's data export: kept even when the member can no longer see it. */
export interface SavedListing {
  itemId: string;
  /** As the member sees it now; null once they cannot (hidden, its owner suspended or blocked). */
  title: string | null;
  savedAt: string;
}

type Notice = Pick<NewNotification, 'title' | 'description' | 'itemId' | 'relatedId'>;

/**
 * The listings a member saved (issue 17), read by nobody else. What a member may see of a listing
 * is the items module's rule (`cardsSeenBy`); savers are told when a saved listing's points value
 * changes, or it is swapped or removed, never by their own hand.
 */
export class FavouritesService {
  constructor(
    private readonly db: Database,
    private readonly items: ItemsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** A listing the member cannot see is not found, as on its page; their own is refused. */
  async save(session: Session, itemId: string): Promise<void> {
    const card = (await this.items.cardsSeenBy(session, [itemId])).get(itemId);
    if (!card) throw notFound(TEXT.items.notFoundTitle);
    if (card.ownerId === session.userId) throw badRequest(t.ownItem);
    await this.db.transaction(async (tx) => {
      // Shared: a deletion in flight either finishes first, and the item is found gone, or waits for the save.
      const [item] = await this.items.lock(tx, [itemId], 'share');
      if (!item) throw notFound(TEXT.items.notFoundTitle);
      await repo.save(tx, session.userId, itemId);
    });
  }

  /** Unsaving what is not saved (or not there) is done already: nothing is told about the item. */
  async unsave(session: Session, itemId: string): Promise<void> {
    await repo.unsave(this.db, session.userId, itemId);
  }

  /**
   * Newest saved first. A saved listing the member can no longer see (hidden, its owner suspended
   * or blocked) is skipped, so rows are read until the page is full or none are left.
   */
  async list(session: Session, { cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<FavouritePage> {
    const shown: { card: ListedItem; cursorAt: string }[] = [];
    let position = decodeCursor(cursor);
    for (;;) {
      const rows = await repo.page(this.db, session.userId, position, limit + 1);
      const cards = await this.items.cardsSeenBy(session, rows.map((row) => row.itemId));
      for (const row of rows) {
        const card = cards.get(row.itemId);
        if (card) shown.push({ card, cursorAt: row.cursorAt });
        if (shown.length > limit) break;
      }
      const last = rows.at(-1);
      if (shown.length > limit || rows.length <= limit || !last) break;
      position = { createdAt: last.cursorAt, id: last.itemId };
    }
    const { visible, nextCursor } = splitPage(shown, limit, (entry) => [entry.cursorAt, entry.card.id]);
    return { items: visible.map((entry) => entry.card), nextCursor };
  }

  /**
   * Every listing the member saved, newest saved first, for their data export: the rows are theirs
   * whatever became of the listing, but a title only where they may still see it.
   */
  async saved(session: Session, cursor: string | undefined, limit: number): Promise<{ listings: SavedListing[]; nextCursor: string | null }> {
    const rows = await repo.page(this.db, session.userId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.itemId]);
    const cards = await this.items.cardsSeenBy(session, visible.map((row) => row.itemId));
    return {
      listings: visible.map((row) => ({ itemId: row.itemId, title: cards.get(row.itemId)?.title ?? null, savedAt: row.savedAt.toISOString() })),
      nextCursor,
    };
  }

  /** In the transaction that deletes the member's account. */
  forgetAllOf(tx: Executor, memberId: string): Promise<void> {
    return repo.unsaveAll(tx, memberId);
  }

  /** Whether the member saved the listing, as a column of the statement that lists it (`itemId` is its column). */
  savedBy(memberId: string | Placeholder, itemId: SQLWrapper): SQL<boolean> {
    return repo.savedBy(memberId, itemId);
  }

  /**
   * An items change hook, in the owner's transaction: a new points value or the listing's removal is
   * told to whoever saved it. The owner made the change and never saves their own listing.
   */
  async noteItemChange(
    tx: Executor,
    item: { id: string; ownerId: string; title: string; value: number; hiddenAt: Date | null },
    change: 'changed' | 'removed',
    ownerName: string,
    next: ItemFields | undefined,
  ): Promise<() => Promise<void>> {
    let notice: Notice | undefined;
    if (change === 'removed') {
      // No link: the item goes with this transaction.
      notice = { title: () => t.removedTitle, description: () => t.removed({ owner: ownerName, item: item.title }), itemId: null, relatedId: null };
    } else if (next && next.value !== item.value && !item.hiddenAt) {
      notice = { title: () => t.valueChangedTitle, description: () => t.valueChanged({ item: next.title, before: item.value, after: next.value }), itemId: item.id, relatedId: item.id };
    }
    if (!notice) return async () => {};
    const savers = await repo.saversOf(tx, [item.id], [item.ownerId]);
    const created = await this.notify(tx, savers.map((saver) => ({ userId: saver.memberId, ...notice })));
    return () => this.notifications.announceCreated(created);
  }

  /** A proposals swap hook, in the accept's transaction: savers other than the two sides hear the listing went. */
  async noteSwap(tx: Executor, swapped: { id: string; title: string }[], parties: string[]): Promise<NotificationRow[]> {
    const titleOf = new Map(swapped.map((item) => [item.id, item.title]));
    const savers = await repo.saversOf(tx, [...titleOf.keys()], parties);
    return this.notify(
      tx,
      savers.map((saver) => {
        const title = titleOf.get(saver.itemId) ?? '';
        return { userId: saver.memberId, title: () => t.swappedTitle, description: () => t.swapped({ item: title }), itemId: saver.itemId, relatedId: saver.itemId };
      }),
    );
  }

  private notify(tx: Executor, notices: (Notice & { userId: string })[]): Promise<NotificationRow[]> {
    return this.notifications.insert(tx, notices.map((notice) => ({ ...notice, type: 'favourite' })));
  }
}
