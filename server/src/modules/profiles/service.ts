import { TEXT, type CurrentUser, type MemberSummary, type ProfileUpdateBody, type PublicProfile } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { MultipartForm } from '../../plugins/multipart-form.ts';
import { presentCurrentUser } from '../auth/present-user.ts';
import type { Session } from '../auth/service.ts';
import { imageUrl } from '../uploads/image-keys.ts';
import type { ImageService } from '../uploads/service.ts';
import * as repo from './repository.ts';

const AVATAR_URL = /^\/api\/images\/(avatars\/.+)\.webp$/;

export class ProfilesService {
  constructor(
    private readonly db: Database,
    private readonly images: ImageService,
  ) {}

  /** Whether this member exists: another module's check before it links to them. */
  async exists(memberId: string): Promise<boolean> {
    return Boolean(await repo.findUser(this.db, memberId));
  }

  /** The name and photo other modules show beside what a member did, by member id. */
  async summaries(db: Executor, ids: string[]): Promise<Map<string, MemberSummary>> {
    return new Map((await repo.summariesByIds(db, ids)).map((member) => [member.id, member]));
  }

  /** A swap partner's stars join the member's average, in the caller's transaction. */
  addRating(tx: Executor, userId: string, stars: number): Promise<void> {
    return repo.addRating(tx, userId, stars);
  }

  /** Anyone signed in may see a profile; the email address is never part of it. */
  async get(session: Session, id: string): Promise<PublicProfile> {
    const user = await repo.findUser(this.db, id);
    if (!user) throw notFound(TEXT.profile.notFound);
    const { email: _email, points: _points, ...visible } = presentCurrentUser(user);
    return { ...visible, itemCount: await repo.countItems(this.db, id) };
  }

  async update(session: Session, body: ProfileUpdateBody): Promise<CurrentUser> {
    return presentCurrentUser(await repo.updateProfile(this.db, session.userId, body));
  }

  async setPhoto(session: Session, form: MultipartForm): Promise<CurrentUser> {
    if (form.files.length === 0) throw badRequest(TEXT.images.photoRequired);
    const [stored] = await this.images.storeAll('avatars', session.userId, form.files);
    const previous = (await repo.findUser(this.db, session.userId))?.photoUrl;
    const user = await repo.updateProfile(this.db, session.userId, { photoUrl: imageUrl(stored!.key) });
    const oldKey = previous ? AVATAR_URL.exec(previous)?.[1] : undefined;
    if (oldKey) await this.images.removeAll([oldKey]);
    return presentCurrentUser(user);
  }
}
