import {
  REPLY_TIME_MIN_REPLIES,
  REPLY_TIME_WINDOW_DAYS,
  TEXT,
  type CurrentUser, type MemberSummary, type ModeratedMember, type Role, type ProfileUpdateBody, type MemberTrust,
  type PublicProfile,
} from '@swapyard/contract';
import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { MultipartForm } from '../../plugins/multipart-form.ts';
import { presentCurrentUser } from '../auth/present-user.ts';
import type { Session } from '../auth/service.ts';
import { imageUrl } from '../uploads/image-keys.ts';
import type { ImageService } from '../uploads/service.ts';
import type { UnplacedRows } from '../places/backfill.ts';
import type { PlacesService } from '../places/service.ts';
import { presentMember } from './present-member.ts';
import * as repo from './repository.ts';

const AVATAR_URL = /^\/api\/images\/(avatars\/.+)\.webp$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a profile's trust is counted from: the proposals and conversations services, which ask this one for names. */
export interface TrustSources {
  completedSwaps(memberId: string): Promise<number>;
  replyTimes(memberId: string, since: Date): Promise<{ replies: number; medianSeconds: number | null }>;
}

export class ProfilesService {
  /** Members whose location text has no place yet, for the one-off matching (places/backfill.ts). */
  readonly unplaced: UnplacedRows = {
    page: (afterId, limit) => repo.unplacedPage(this.db, afterId, limit),
    place: (tx, ids, placeId) => repo.setPlace(tx, ids, placeId),
  };

  constructor(
    private readonly db: Database,
    private readonly images: ImageService,
    private readonly places: PlacesService,
    private readonly trustSources: TrustSources,
  ) {}

  /** Whether this member exists and has not left: another module's check before it links to them. */
  async exists(memberId: string): Promise<boolean> {
    return Boolean((await repo.findUser(this.db, memberId))?.deletedAt === null);
  }

  /** exists() inside another module's statement that gathers a request's facts: `member` is an expression of it. */
  activeSql(member: SQL): SQL<boolean> {
    return repo.isActive(member);
  }

  /** The member's display name, inside another module's statement. */
  displayNameSql(memberId: string): SQL<string | null> {
    return repo.displayNameOf(memberId);
  }

  /** The name and photo other modules show beside what a member did, by member id ("Former member" once they left). */
  async summaries(db: Executor, ids: string[]): Promise<Map<string, MemberSummary>> {
    return new Map((await repo.summariesByIds(db, ids)).map((member) => [member.id, presentMember(member)]));
  }

  /** Members as a moderator sees them: name, photo, bio and role (which decides who may act on whom). */
  async forModeration(db: Executor, ids: string[]): Promise<Map<string, ModeratedMember>> {
    const rows = await repo.moderatedByIds(db, [...new Set(ids)]);
    return new Map(
      rows.map((row) => [row.id, { ...presentMember(row), bio: row.bio, role: row.role as Role }]),
    );
  }

  /**
   * In the transaction that deletes the account: the name, photo, bio and place go. Returns what to
   * do once it has committed: remove the photo's file (a rolled-back deletion still shows it).
   */
  async erase(tx: Executor, userId: string): Promise<() => Promise<void>> {
    const key = avatarKey((await repo.findUser(tx, userId))?.photoUrl);
    await repo.eraseProfile(tx, userId);
    return () => this.images.removeAll(key ? [key] : []);
  }

  /** A swap partner's stars join the member's average, in the caller's transaction. */
  addRating(tx: Executor, userId: string, stars: number): Promise<void> {
    return repo.addRating(tx, userId, stars);
  }

  /** Anyone signed in may see a profile; the email address is never part of it. */
  async get(session: Session, id: string): Promise<PublicProfile> {
    const user = await repo.findUser(this.db, id);
    if (!user || user.deletedAt) throw notFound(TEXT.profile.notFound);
    const { email: _email, points: _points, ...visible } = presentCurrentUser(user);
    const [itemCount, trust] = await Promise.all([repo.countItems(this.db, id), this.trust(id)]);
    return { ...visible, itemCount, trust };
  }

  /** A reply time from a handful of replies would be chance, so it is shown only from REPLY_TIME_MIN_REPLIES on. */
  private async trust(id: string): Promise<MemberTrust> {
    const since = new Date(Date.now() - REPLY_TIME_WINDOW_DAYS * DAY_MS);
    const [completedSwaps, { replies, medianSeconds }] = await Promise.all([
      this.trustSources.completedSwaps(id),
      this.trustSources.replyTimes(id, since),
    ]);
    const replyMinutes = replies >= REPLY_TIME_MIN_REPLIES && medianSeconds !== null ? Math.round(medianSeconds / 60) : null;
    return { completedSwaps, replyMinutes };
  }

  async update(session: Session, { placeId, location, ...body }: ProfileUpdateBody): Promise<CurrentUser> {
    this.places.assertKnown(placeId);
    const user = await this.db.transaction(async (tx) =>
      repo.updateProfile(tx, session.userId, { ...body, ...(await this.places.locate(tx, { placeId, location })) }),
    );
    return presentCurrentUser(user);
  }

  async setPhoto(session: Session, form: MultipartForm): Promise<CurrentUser> {
    if (form.files.length === 0) throw badRequest(TEXT.images.photoRequired);
    const [stored] = await this.images.storeAll('avatars', session.userId, form.files);
    const previous = (await repo.findUser(this.db, session.userId))?.photoUrl;
    const user = await repo.updateProfile(this.db, session.userId, { photoUrl: imageUrl(stored!.key) });
    const oldKey = avatarKey(previous);
    if (oldKey) await this.images.removeAll([oldKey]);
    return presentCurrentUser(user);
  }
}

function avatarKey(photoUrl: string | null | undefined): string | undefined {
  return photoUrl ? AVATAR_URL.exec(photoUrl)?.[1] : undefined;
}
