import {
  SAVED_SEARCHES_MAX,
  TEXT,
  type SavedSearch,
  type SavedSearchFilters,
  type SavedSearchList,
} from '@swapyard/contract';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { JobKind, JobQueue, RunAgain } from '../../jobs/queue.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { Session } from '../auth/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PlacesService } from '../places/service.ts';
import * as repo from './repository.ts';

const t = TEXT.savedSearches;

/** At most one alert per saved search in this span; the matches within it are told together at its end. */
export const ALERT_WINDOW_MS = 60 * 60_000;

/** GeoNames ids are PostgreSQL integers. */

/** `listedAt`: when the listing reached the marketplace, so a run again after a crash does not make its matches news twice. */
const matchJob = z.object({ itemId: z.uuid(), listedAt: z.iso.datetime() });
const alertJob = z.object({ searchId: z.uuid() });

/**
 * The marketplace's filters a member keeps under a name (issue 17), theirs alone: another member's
 * search is not found. A listing that reaches the marketplace queues a match job in the same
 * transaction; the job matches it against every search in one SQL statement and queues an alert
 * per search matched, keyed by the search, which tells the member at once and then at most hourly
 * (docs/decisions/024).
 */
export class SavedSearchesService {
  private readonly matches: JobKind<z.input<typeof matchJob>>;
  private readonly alerts: JobKind<z.input<typeof alertJob>>;

  constructor(
    private readonly db: Database,
    jobs: JobQueue,
    private readonly notifications: NotificationsService,
    private readonly places: PlacesService,
  ) {
    this.matches = jobs.define('saved-searches.match', { payload: matchJob, handle: (job) => this.match(job.itemId, new Date(job.listedAt)) });
    this.alerts = jobs.define('saved-searches.alert', { payload: alertJob, handle: (job) => this.alert(job.searchId) });
  }

  async list(session: Session): Promise<SavedSearchList> {
    return { savedSearches: this.present(await repo.listOf(this.db, session.userId)) };
  }

  async create(session: Session, name: string, filters: SavedSearchFilters): Promise<SavedSearch> {
    const values = await this.columnsOf(session, filters);
    const id = await this.db.transaction(async (tx) => {
      await repo.lockOwner(tx, session.userId);
      if ((await repo.countOf(tx, session.userId)) >= SAVED_SEARCHES_MAX) throw badRequest(t.limitReached);
      if (values.nearPlaceId !== null) await this.places.use(tx, values.nearPlaceId);
      return (await repo.insert(tx, { ownerId: session.userId, name, ...values })).id;
    });
    return this.one(session.userId, id);
  }

  async rename(session: Session, id: string, name: string): Promise<SavedSearch> {
    if (!(await repo.updateOwn(this.db, session.userId, id, { name }))) throw notFound(t.notFound);
    return this.one(session.userId, id);
  }

  async remove(session: Session, id: string): Promise<void> {
    if (!(await repo.remove(this.db, session.userId, id))) throw notFound(t.notFound);
  }

  /** The member opens it on the marketplace: what matched so far is no longer new. */
  async open(session: Session, id: string): Promise<SavedSearch> {
    if (!(await repo.updateOwn(this.db, session.userId, id, 'opened'))) throw notFound(t.notFound);
    return this.one(session.userId, id);
  }

  /** In the transaction that deletes the member's account: what they looked for was theirs alone. */
  forgetAllOf(tx: Executor, memberId: string): Promise<void> {
    return repo.removeAllOf(tx, memberId);
  }

  /** An items hook, in the transaction that puts these listings on the marketplace (listed, or back). */
  async listed(tx: Executor, itemIds: string[]): Promise<void> {
    const listedAt = (await repo.now(tx)).toISOString();
    for (const itemId of itemIds) await this.matches.enqueue(tx, { itemId, listedAt });
  }

  /**
   * One statement records every search the listing matches; each gets its alert job. The key keeps
   * one alert per search alive at a time: a match while it waits (the rest of the hour) is told by it.
   */
  private async match(itemId: string, listedAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const searchId of await repo.matchedSearches(tx, itemId, listedAt)) {
        await this.alerts.enqueue(tx, { searchId }, { key: alertKey(searchId) });
      }
    });
  }

  /**
   * Tells the member about the matches not yet told, in one notice, under the search's lock, so a
   * second run (a lapsed lease, another instance) finds them told. Having told, it waits out the
   * hour and looks again, keeping its key so the hour's matches fold into it; a quiet hour ends it,
   * in the transaction that found it quiet, so a match committed after queues a new alert.
   */
  private async alert(searchId: string): Promise<void | RunAgain> {
    const told = await this.db.transaction(async (tx) => {
      const search = await repo.lockSearch(tx, searchId);
      const itemIds = search ? await repo.markAlerted(tx, search) : [];
      if (!search || itemIds.length === 0) {
        await this.alerts.endKeyed(tx, alertKey(searchId));
        return [];
      }
      return this.notifications.insert(tx, [
        {
          userId: search.ownerId,
          type: 'saved_search',
          title: () => t.alertTitle,
          description: () => t.alert({ count: itemIds.length, name: search.name }),
          relatedId: search.id,
          itemId: itemIds.length === 1 ? itemIds[0]! : null,
        },
      ]);
    });
    if (told.length === 0) return;
    await this.notifications.announceCreated(told);
    return { againInMs: ALERT_WINDOW_MS };
  }

  /** The filters as columns: "within" alone is around the member's own place, as on the marketplace; a place without a radius filters nothing. */
  private async columnsOf(session: Session, filters: SavedSearchFilters) {
    const near = filters.within === undefined ? undefined : (filters.near ?? (await session.user()).place?.id);
    // As the marketplace: a radius around no place is refused, not saved as "anywhere".
    if (filters.within !== undefined && near === undefined) throw badRequest(TEXT.distance.placeRequired);
    // An id past the column's integer range names no place: asked for, it would fail the statement.
    // Any gazetteer town, as on the marketplace; one it does not know (or past any id) is refused here.
    this.places.assertKnown(near);
    const values = {
      q: filters.q ?? null,
      category: filters.category ?? null,
      type: filters.type,
      minValue: filters.minValue ?? null,
      maxValue: filters.maxValue ?? null,
      nearPlaceId: near ?? null,
      withinKm: near === undefined ? null : filters.within!,
    };
    const { type, ...rest } = values;
    if (type === 'all' && Object.values(rest).every((value) => value === null)) throw badRequest(t.noFilters);
    return values;
  }

  private async one(userId: string, id: string): Promise<SavedSearch> {
    const [search] = this.present(await repo.listOf(this.db, userId, id));
    if (!search) throw notFound(t.notFound);
    return search;
  }

  private present(rows: { search: repo.SavedSearchRow; newMatches: number }[]): SavedSearch[] {
    return rows.map(({ search, newMatches }) => ({
      id: search.id,
      name: search.name,
      filters: {
        q: search.q,
        category: search.category as SavedSearch['filters']['category'],
        type: search.type as SavedSearch['filters']['type'],
        minValue: search.minValue,
        maxValue: search.maxValue,
        near: search.nearPlaceId,
        within: search.withinKm,
      },
      place: search.nearPlaceId === null ? null : this.places.summary(search.nearPlaceId),
      newMatches,
      createdAt: search.createdAt.toISOString(),
      lastOpenedAt: search.lastOpenedAt.toISOString(),
    }));
  }
}

const alertKey = (searchId: string) => `saved-searches.alert:${searchId}`;
