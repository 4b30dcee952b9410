import {
  TEXT,
  type Proposal,
  type ProposalWithThread,
  type ProposalCreateBody,
  type ProposalCounterBody,
  type ProposalPage,
  type MemberSummary,
  type RatingPage,
  type ReceivedRating,
  type ProposalStatus,
  type RatingBody,
  type HandoverBody,
} from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import type { BlocksService } from '../blocks/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { NewNotification, NoticeText, NotificationRow, NotificationsService } from '../notifications/service.ts';
import type { PointsService } from '../points/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import { presentProposal, type RatingGate } from './present-proposal.ts';
import * as repo from './repository.ts';

const t = TEXT.proposals;
const tn = TEXT.notifications;

/** What a reversal did, and what to announce once it commits. */
export interface SwapReversal {
  proposal: repo.ProposalRow;
  itemTitle: string;
  moved: number;
  shortfall: number;
  outcome: ProposalOutcome;
}

/** A viewer id no member has: a moderator reading a proposal has no rating of their own on it. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** What a committed change must tell the members' screens. */
export interface ProposalOutcome {
  proposals: repo.ProposalRow[];
  created: NotificationRow[];
  resolved: NotificationRow[];
  balances: { userId: string; points: number }[];
  swapped: { itemId: string; ownerId: string }[];
}

/**
 * Runs inside the accept's transaction once its items are swapped (`parties`: the two sides);
 * returns the notices it wrote, announced with the swap's own after commit. Favourites hook in
 * here without proposals depending on them.
 */
export type SwapHook = (tx: Executor, items: { id: string; title: string }[], parties: string[]) => Promise<NotificationRow[]>;

const quiet = (): ProposalOutcome => ({ proposals: [], created: [], resolved: [], balances: [], swapped: [] });

/** The ratings a member gave, as their data export lists them: whom they rated, for which swap. */
export interface GivenRatingPage {
  ratings: (Omit<ReceivedRating, 'rater'> & { ratee: MemberSummary })[];
  nextCursor: string | null;
}

export class ProposalsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly notifications: NotificationsService,
    private readonly points: PointsService,
    private readonly items: ItemsService,
    private readonly profiles: ProfilesService,
    private readonly blocks: BlocksService,
  ) {}

  /** Problems are the swap-problems module's, built after this one: it tells which swaps have one. */
  private problemsIn: (proposalIds: string[]) => Promise<Set<string>> = () => Promise.resolve(new Set());

  problemsFrom(source: (proposalIds: string[]) => Promise<Set<string>>): void {
    this.problemsIn = source;
  }

  private readonly swapHooks: SwapHook[] = [];

  onSwap(hook: SwapHook): void {
    this.swapHooks.push(hook);
  }

  async create(session: Session, body: Required<ProposalCreateBody>): Promise<Proposal> {
    const sender = await session.user();
    const itemIds = [body.itemId, ...(body.offerItemId ? [body.offerItemId] : [])];
    const outcome = quiet();
    const proposal = await transactionWithRetry(this.db, async (tx) => {
      // Shared locks: an accept that is swapping one of these items finishes first, and we see its result.
      const locked = new Map((await this.items.lock(tx, itemIds, 'share')).map((item) => [item.id, item]));
      const item = locked.get(body.itemId);
      if (!item) throw badRequest(t.invalidItem);
      if (item.ownerId === sender.id) throw badRequest(t.ownItem);
      await this.blocks.assertCanContact(tx, sender.id, item.ownerId, { locked: true });
      // Read after the item's lock, which a suspension takes first: it is either seen here or withdraws this proposal.
      if (await this.items.ownerSuspended(tx, item.ownerId)) throw badRequest(t.invalidItem);
      // A listing a moderator hid is out of the marketplace, and out of swaps too, until it is restored.
      if (item.status !== 'available' || item.hiddenAt) throw conflict(t.itemUnavailable);
      if (body.offerItemId) {
        const offered = locked.get(body.offerItemId);
        if (!offered || offered.ownerId !== sender.id) throw badRequest(t.invalidOfferItem);
        if (offered.status !== 'available' || offered.hiddenAt) throw conflict(t.itemUnavailable);
      }
      const balances = await this.points.lock(tx, [sender.id]);
      // The sender's account closed after this request began: what they send now would outlive it.
      if (!balances.has(sender.id)) throw unauthenticated(TEXT.auth.required);
      if ((balances.get(sender.id) ?? 0) < body.pointsOffer) throw badRequest(t.notEnoughPoints);
      const row = await repo.insertProposal(tx, {
        senderId: sender.id,
        receiverId: item.ownerId,
        itemId: item.id,
        offerItemId: body.offerItemId,
        pointsOffer: body.pointsOffer,
        message: body.message,
      });
      if (!row) throw conflict(t.duplicate);
      const withItem = Boolean(body.offerItemId);
      const offer = body.pointsOffer > 0 ? (withItem ? 'both' : 'points') : withItem ? 'item' : 'nothing';
      outcome.proposals.push(row);
      outcome.created.push(
        ...(await this.notifications.insert(tx, [
          toAnswer(
            row,
            () => tn.newProposal,
            () => tn.newProposalBody({ sender: sender.displayName, offer, points: body.pointsOffer, item: item.title, message: body.message }),
          ),
        ])),
      );
      return row;
    });
    await this.announce(outcome);
    return this.present(this.db, proposal, sender.id);
  }

  async get(session: Session, id: string): Promise<Proposal> {
    return this.present(this.db, await this.findAsMember(session, id), session.userId);
  }

  /** The proposal, for one of its two members only; anyone else is answered as GET answers them. */
  private async findAsMember(session: Session, id: string): Promise<repo.ProposalRow> {
    const row = await repo.findProposal(this.db, id);
    if (!row) throw notFound(t.notFound);
    if (row.senderId !== session.userId && row.receiverId !== session.userId) throw forbidden(t.unauthorized);
    return row;
  }

  async list(session: Session, filter: repo.ProposalFilter, cursor: string | undefined, limit: number): Promise<ProposalPage> {
    const rows = await repo.listForUser(this.db, session.userId, filter, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.proposal.id]);
    return {
      proposals: await this.presentAll(this.db, visible.map((row) => row.proposal), session.userId),
      nextCursor,
    };
  }

  /**
   * The offers between the viewer and another member about one item, for the chat they share about it.
   * The conversations service asks only after checking the viewer is one of that chat's two members.
   */
  async between(viewerId: string, otherId: string, itemId: string, cursor: string | undefined, limit: number): Promise<ProposalPage> {
    const rows = await repo.listBetween(this.db, [viewerId, otherId], itemId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.proposal.id]);
    return { proposals: await this.presentAll(this.db, visible.map((row) => row.proposal), viewerId), nextCursor };
  }

  /** A member's finished swaps, for their profile: completed ones (both sides confirmed the hand-over), on either side. */
  completedSwaps(memberId: string): Promise<number> {
    return repo.countCompletedInvolving(this.db, memberId);
  }

  /** Anyone signed in may read the ratings a member received, as they may read the profile. */
  async ratingsOf(session: Session, memberId: string, cursor: string | undefined, limit: number): Promise<RatingPage> {
    if (!(await this.profiles.exists(memberId))) throw notFound(TEXT.profile.notFound);
    const { ratings, nextCursor } = await this.ratingsPage('received', memberId, cursor, limit);
    return { ratings: ratings.map(({ other, ...rating }) => ({ ...rating, rater: other })), nextCursor };
  }

  /** The ratings the member gave: only theirs to read, in the export of their data. */
  async ratingsGiven(session: Session, cursor: string | undefined, limit: number): Promise<GivenRatingPage> {
    const { ratings, nextCursor } = await this.ratingsPage('given', session.userId, cursor, limit);
    return { ratings: ratings.map(({ other, ...rating }) => ({ ...rating, ratee: other })), nextCursor };
  }

  /** A page of ratings, each with the member on the other side of it. */
  private async ratingsPage(side: 'received' | 'given', memberId: string, cursor: string | undefined, limit: number) {
    const rows = await repo.ratingsOf(this.db, side, memberId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.proposalId]);
    const otherOf = (row: (typeof visible)[number]) => (side === 'received' ? row.raterId : row.rateeId);
    const people = await this.profiles.summaries(this.db, visible.map(otherOf));
    return {
      ratings: visible.map((row) => ({
        proposalId: row.proposalId,
        stars: row.stars,
        comment: row.comment,
        other: people.get(otherOf(row))!,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor,
    };
  }

  /**
   * DESIGN.md section 4, in one transaction: items locked in id order, then the proposal, then the
   * two members; points move through two ledger entries; both items swapped; every other pending
   * proposal on them declined. A retry with the same Idempotency-Key gets the first answer.
   */
  async accept(session: Session, id: string, idempotencyKey?: string): Promise<Proposal> {
    const first = await repo.findProposal(this.db, id);
    if (!first) throw notFound(t.notFound);
    assertMayAnswer(first, session.userId);
    // Read before the transaction: on PGlite a read outside it would wait for it to end.
    const answerer = await session.user();

    const outcome = quiet();
    const replayed = await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      if (idempotencyKey && !(await repo.claimIdempotencyKey(tx, session.userId, idempotencyKey, `accept:${id}`))) {
        const earlier = await repo.findIdempotencyKey(tx, session.userId, idempotencyKey);
        if (earlier?.scope !== `accept:${id}`) throw badRequest(TEXT.proposals.idempotencyKeyReused);
        return true;
      }
      const itemIds = [first.itemId, ...(first.offerItemId ? [first.offerItemId] : [])];
      const lockedItems = new Map((await this.items.lock(tx, itemIds, 'no key update')).map((item) => [item.id, item]));
      const proposal = await repo.lockProposal(tx, id);
      if (!proposal || proposal.status !== 'pending') throw conflict(t.notPending);
      const item = lockedItems.get(proposal.itemId);
      const offered = proposal.offerItemId ? lockedItems.get(proposal.offerItemId) : undefined;
      // A listing a moderator hid after the proposal was sent cannot change hands until it is restored.
      const itemsStillThere =
        item?.status === 'available' &&
        !item.hiddenAt &&
        item.ownerId === proposal.receiverId &&
        (!proposal.offerItemId || (offered?.status === 'available' && !offered.hiddenAt && offered.ownerId === proposal.senderId));
      if (!itemsStillThere) throw conflict(t.itemsGone);

      const balances = await this.points.lock(tx, [proposal.senderId, proposal.receiverId]);
      if (balances.size < 2) throw conflict(t.memberLeft);
      if ((balances.get(proposal.senderId) ?? 0) < proposal.pointsOffer) {
        throw conflict(proposal.senderId === session.userId ? t.notEnoughPoints : t.senderShort);
      }
      if (proposal.pointsOffer > 0) {
        const paid = { proposalId: proposal.id, amount: proposal.pointsOffer };
        outcome.balances.push(
          { userId: proposal.senderId, points: await this.points.move(tx, { ...paid, userId: proposal.senderId, amount: -paid.amount, reason: 'swap_paid' }) },
          { userId: proposal.receiverId, points: await this.points.move(tx, { ...paid, userId: proposal.receiverId, reason: 'swap_received' }) },
        );
      }
      await this.items.markSwapped(tx, itemIds);
      const swappedItems = [item, ...(offered ? [offered] : [])];
      outcome.swapped = swappedItems.map((swapped) => ({ itemId: swapped.id, ownerId: swapped.ownerId }));
      for (const hook of this.swapHooks) {
        outcome.created.push(...(await hook(tx, swappedItems, [proposal.senderId, proposal.receiverId])));
      }
      const accepted = await repo.resolve(tx, proposal.id, 'accepted');
      const declined = await repo.declineConflicting(tx, itemIds, proposal.id);
      outcome.proposals.push(accepted, ...declined);
      outcome.created.push(
        ...(await this.notifications.insert(tx, [
          toOfferer(
            accepted,
            () => tn.proposalAccepted,
            isCounter(accepted)
              ? () => tn.counterAccepted({ member: answerer.displayName, item: item.title })
              : () => tn.proposalAcceptedBody({ member: answerer.displayName, item: item.title }),
          ),
          ...declined.map((other) =>
            answerNotification(other, () => tn.proposalDeclined, () => tn.swappedElsewhere({ item: item.title })),
          ),
        ])),
      );
      outcome.resolved.push(
        ...(await this.notifications.resolveForProposals(tx, [accepted.id, ...declined.map((p) => p.id)], session.userId)),
      );
      return false;
    });
    if (!replayed) await this.announce(outcome);
    return this.get(session, id);
  }

  async decline(session: Session, id: string): Promise<Proposal> {
    return this.close(session, id, 'declined');
  }

  async cancel(session: Session, id: string): Promise<Proposal> {
    return this.close(session, id, 'cancelled');
  }

  async rate(session: Session, id: string, body: Required<RatingBody>): Promise<Proposal> {
    const proposal = await repo.findProposal(this.db, id);
    if (!proposal) throw notFound(t.notFound);
    const isSender = proposal.senderId === session.userId;
    if (!isSender && proposal.receiverId !== session.userId) throw forbidden(t.unauthorized);
    if (proposal.status !== 'accepted') throw badRequest(t.rateOnlyAccepted);
    const problems = await this.problemsIn([id]);
    if (!ratingGate(proposal, problems.has(id)).open) throw badRequest(t.rateNotYet);
    const rateeId = isSender ? proposal.receiverId : proposal.senderId;
    // Read before the transaction: on PGlite a read outside it would wait for it to end.
    const rater = await session.user();
    const rated = await this.db.transaction(async (tx) => {
      if (!(await repo.insertRating(tx, { proposalId: id, raterId: session.userId, rateeId, ...body }))) return undefined;
      await this.profiles.addRating(tx, rateeId, body.stars);
      const itemTitle = (await this.items.byIds(tx, [proposal.itemId]))[0]?.title ?? tn.fallbacks.anItem;
      return this.notifications.insert(tx, [
        {
          userId: rateeId,
          type: 'rating',
          title: () => tn.ratingReceived,
          description: () => tn.ratingReceivedBody({ name: rater.displayName, stars: body.stars, item: itemTitle }),
          itemId: proposal.itemId,
          relatedId: session.userId,
          proposalId: id,
          resolved: true,
        },
      ]);
    });
    if (!rated) throw conflict(t.alreadyRated);
    await this.notifications.announceCreated(rated);
    return this.present(this.db, proposal, session.userId);
  }

  /**
   * The side an offer was made to answers it with new terms for the same swap: a new pending row
   * with the same sender, receiver and item (the sides never swap, so Accept moves points and items
   * as ever), checked as a new proposal is, while the answered offer becomes 'countered'. Locks as
   * create does (items shared, then the pair, then the proposal, then the sender's balance).
   */
  async counter(session: Session, id: string, body: Required<ProposalCounterBody>): Promise<Proposal> {
    const first = await repo.findProposal(this.db, id);
    if (!first) throw notFound(t.notFound);
    if (!isParticipant(first, session.userId)) throw forbidden(t.unauthorized);
    if (first.offeredBy === session.userId) throw forbidden(t.counterOwnOffer);
    // Read before the transaction: on PGlite a read outside it would wait for it to end.
    const me = await session.user();
    const otherId = first.senderId === me.id ? first.receiverId : first.senderId;
    const itemIds = [...new Set([first.itemId, ...(body.offerItemId ? [body.offerItemId] : [])])];
    const outcome = quiet();
    const row = await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      const locked = new Map((await this.items.lock(tx, itemIds, 'share')).map((item) => [item.id, item]));
      await this.blocks.assertCanContact(tx, me.id, otherId, { locked: true });
      const answered = await repo.lockProposal(tx, id);
      if (answered?.status !== 'pending') throw conflict(t.notPending);
      if (answered.pointsOffer === body.pointsOffer && answered.offerItemId === body.offerItemId) throw badRequest(t.counterUnchanged);
      const item = locked.get(answered.itemId);
      if (!item || item.ownerId !== answered.receiverId) throw conflict(t.itemsGone);
      // As create: a suspended member is out of swaps, and so is a listing a moderator hid.
      if (await this.items.ownerSuspended(tx, otherId)) throw badRequest(t.invalidItem);
      if (item.status !== 'available' || item.hiddenAt) throw conflict(t.itemUnavailable);
      if (body.offerItemId) {
        const offered = locked.get(body.offerItemId);
        if (!offered || offered.ownerId !== answered.senderId) throw badRequest(t.invalidOfferItem);
        if (offered.status !== 'available' || offered.hiddenAt) throw conflict(t.itemUnavailable);
      }
      const balances = await this.points.lock(tx, [answered.senderId, answered.receiverId]);
      if (!balances.has(me.id)) throw unauthenticated(TEXT.auth.required);
      if (balances.size < 2) throw conflict(t.memberLeft);
      if ((balances.get(answered.senderId) ?? 0) < body.pointsOffer) {
        throw badRequest(answered.senderId === me.id ? t.notEnoughPoints : t.counterSenderShort);
      }
      const countered = await repo.resolve(tx, answered.id, 'countered');
      // Inserted after the answered offer left 'pending': one pending offer per sender and item still holds.
      const counter = await repo.insertProposal(tx, {
        senderId: answered.senderId,
        receiverId: answered.receiverId,
        itemId: answered.itemId,
        offerItemId: body.offerItemId,
        pointsOffer: body.pointsOffer,
        message: body.message,
        offeredBy: me.id,
        counteredFromId: answered.id,
      });
      if (!counter) throw conflict(t.notPending);
      outcome.proposals.push(countered, counter);
      outcome.resolved.push(...(await this.notifications.resolveForProposals(tx, [answered.id], me.id)));
      outcome.created.push(
        ...(await this.notifications.insert(tx, [toAnswer(counter, () => tn.counterOffer, () => tn.counterSent({ member: me.displayName, item: item.title, message: body.message }))])),
      );
      return counter;
    });
    await this.announce(outcome);
    return this.present(this.db, row, me.id);
  }

  /**
   * Either side suggests, or changes, where and when they meet, until the swap is completed. It
   * reaches the other member, so a block between them refuses it as it refuses a message; the
   * pair's lock comes before the proposal's, as blocking takes them.
   */
  async arrangeHandover(session: Session, id: string, body: Required<HandoverBody>): Promise<Proposal> {
    const first = await this.findAsMember(session, id);
    const otherId = first.senderId === session.userId ? first.receiverId : first.senderId;
    const me = await session.user();
    const at = new Date(body.at);
    const outcome = quiet();
    const row = await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      await this.blocks.assertCanContact(tx, session.userId, otherId, { locked: true });
      const proposal = await lockOpenHandover(tx, id);
      if (proposal.handoverPlace === body.place && proposal.handoverAt?.getTime() === at.getTime()) return proposal;
      const arranged = await repo.updateHandover(tx, id, { handoverPlace: body.place, handoverAt: at });
      const item = (await this.items.byIds(tx, [arranged.itemId]))[0];
      outcome.proposals.push(arranged);
      outcome.created.push(
        ...(await this.notifications.insert(tx, [
          handoverNotice(arranged, otherId, proposal.handoverPlace === null ? () => tn.handoverArranged : () => tn.handoverChanged, {
            description: () => tn.handoverArrangedBody({ name: me.displayName, item: item?.title ?? tn.fallbacks.theItem, place: body.place }),
            relatedId: session.userId,
          }),
        ])),
      );
      return arranged;
    });
    await this.announce(outcome);
    return this.present(this.db, row, session.userId);
  }

  /**
   * Records the caller's side of the hand-over; a second confirm changes nothing and is answered as
   * the first. The second side's confirm completes the swap in the same transaction, under the
   * proposal's lock, so two confirms at once complete it exactly once. No point or item moves:
   * they moved at Accept. A confirm needs no arranged place or time, as members may meet by chat.
   */
  async confirmHandover(session: Session, id: string): Promise<Proposal> {
    const first = await this.findAsMember(session, id);
    const isSender = first.senderId === session.userId;
    const otherId = isSender ? first.receiverId : first.senderId;
    const me = await session.user();
    const outcome = quiet();
    const row = await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      const proposal = await repo.lockProposal(tx, id);
      if (proposal?.status !== 'accepted') throw conflict(t.handoverNotAccepted);
      if ((isSender ? proposal.senderConfirmedAt : proposal.receiverConfirmedAt) !== null) return proposal;
      const now = new Date();
      const completes = (isSender ? proposal.receiverConfirmedAt : proposal.senderConfirmedAt) !== null;
      const confirmed = await repo.updateHandover(tx, id, {
        ...(isSender ? { senderConfirmedAt: now } : { receiverConfirmedAt: now }),
        ...(completes ? { completedAt: now } : {}),
      });
      const itemTitle = (await this.items.byIds(tx, [confirmed.itemId]))[0]?.title ?? tn.fallbacks.theItem;
      const names = await this.profiles.summaries(tx, [session.userId, otherId]);
      const nameOf = (memberId: string) => names.get(memberId)?.displayName ?? tn.fallbacks.otherMember;
      outcome.proposals.push(confirmed);
      outcome.created.push(
        ...(await this.notifications.insert(
          tx,
          completes
            ? [
                handoverNotice(confirmed, otherId, () => tn.swapCompleted, {
                  description: () => tn.swapCompletedBody({ item: itemTitle, name: nameOf(session.userId) }),
                  relatedId: session.userId,
                }),
                handoverNotice(confirmed, session.userId, () => tn.swapCompleted, {
                  description: () => tn.swapCompletedBody({ item: itemTitle, name: nameOf(otherId) }),
                  relatedId: otherId,
                }),
              ]
            : [
                handoverNotice(confirmed, otherId, () => tn.handoverConfirmed, {
                  description: () => tn.handoverConfirmedBody({ name: me.displayName, item: itemTitle }),
                  relatedId: session.userId,
                }),
              ],
        )),
      );
      return confirmed;
    });
    await this.announce(outcome);
    return this.present(this.db, row, session.userId);
  }

  /** Decline (the side the offer was made to) or cancel (the side that made it): only the proposal row is locked. */
  private async close(session: Session, id: string, status: 'declined' | 'cancelled'): Promise<Proposal> {
    const me = await session.user();
    const outcome = quiet();
    const row = await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      const proposal = await repo.lockProposal(tx, id);
      if (!proposal) throw notFound(t.notFound);
      if (!isParticipant(proposal, session.userId)) throw forbidden(t.unauthorized);
      if (status === 'declined') assertMayAnswer(proposal, session.userId);
      else if (proposal.offeredBy !== session.userId) throw forbidden(isCounter(proposal) ? t.onlyOfferer : t.onlySender);
      if (proposal.status !== 'pending') throw conflict(t.notPending);
      const closed = await repo.resolve(tx, id, status);
      outcome.proposals.push(closed);
      const item = (await this.items.byIds(tx, [closed.itemId]))[0];
      outcome.created.push(
        ...(await this.notifications.insert(tx, [
          closedNotice(closed, status, me.displayName, item?.title),
        ])),
      );
      outcome.resolved.push(
        ...(await this.notifications.resolveForProposals(tx, [id], status === 'declined' ? session.userId : undefined)),
      );
      return closed;
    });
    await this.announce(outcome);
    return this.present(this.db, row, session.userId);
  }

  /**
   * Inside the transaction that changes or removes an item, with the item's row locked: every
   * pending proposal that asks for it or offers it is withdrawn, so nobody accepts what they were
   * not offered (docs/decisions/009). The owner's own proposals (the item was their offer) become
   * cancelled, the proposals they received for it declined, and the other side is told why.
   * Returns what to announce once the transaction has committed (announce()).
   */
  async withdrawOnItemChange(
    tx: Executor,
    item: { id: string; title: string; ownerId: string },
    change: 'changed' | 'removed',
    ownerName: string,
  ): Promise<ProposalOutcome> {
    const outcome = quiet();
    const removed = change === 'removed';
    const involved = await repo.lockPendingInvolving(tx, item.id);
    if (removed) outcome.resolved.push(...(await this.notifications.forgetProposalsAsking(tx, item.id)));
    if (involved.length === 0) return outcome;
    const asked = involved.filter((proposal) => proposal.itemId === item.id);
    const offered = involved.filter((proposal) => proposal.offerItemId === item.id);
    const declined = await repo.resolveAll(tx, asked.map((proposal) => proposal.id), 'declined');
    const cancelled = await repo.resolveAll(tx, offered.map((proposal) => proposal.id), 'cancelled');
    const titleOf = new Map((await this.items.byIds(tx, cancelled.map((proposal) => proposal.itemId))).map((row) => [row.id, row.title]));
    outcome.proposals.push(...declined, ...cancelled);
    outcome.resolved.push(...(await this.notifications.resolveForProposals(tx, involved.map((proposal) => proposal.id))));
    outcome.created.push(
      ...(await this.notifications.insert(tx, [
        ...declined.map((proposal) => ({
          ...answerNotification(
            proposal,
            () => tn.proposalWithdrawn,
            removed ? () => tn.askedItemRemoved({ owner: ownerName, item: item.title }) : () => tn.askedItemChanged({ owner: ownerName, item: item.title }),
          ),
          // A removed item takes the proposals asking for it along (ON DELETE CASCADE); the notice stays.
          ...(removed ? { itemId: null, proposalId: null } : {}),
        })),
        ...cancelled.map((proposal) => {
          const wanted = titleOf.get(proposal.itemId) ?? tn.fallbacks.yourItem;
          return {
            ...answerNotification(
              proposal,
              () => tn.proposalWithdrawn,
              () => (removed ? tn.offeredItemRemoved : tn.offeredItemChanged)({ sender: ownerName, offered: item.title, item: wanted }),
            ),
            userId: proposal.receiverId,
            relatedId: proposal.senderId,
          };
        }),
      ])),
    );
    return outcome;
  }

  /**
   * In the transaction that deletes the sender's account, after their listings went (and with
   * them every proposal that asked for or offered one): what they still have pending for others'
   * items is cancelled, and each receiver told why. Proposal rows only: cancelling moves no item.
   */
  async withdrawSentBy(tx: Executor, senderId: string): Promise<ProposalOutcome> {
    const outcome = quiet();
    const pending = await repo.lockPendingSentBy(tx, senderId);
    if (pending.length === 0) return outcome;
    const cancelled = await repo.resolveAll(tx, pending.map((proposal) => proposal.id), 'cancelled');
    const titleOf = new Map((await this.items.byIds(tx, cancelled.map((proposal) => proposal.itemId))).map((row) => [row.id, row.title]));
    outcome.proposals.push(...cancelled);
    outcome.resolved.push(...(await this.notifications.resolveForProposals(tx, cancelled.map((proposal) => proposal.id))));
    outcome.created.push(
      ...(await this.notifications.insert(
        tx,
        cancelled.map((proposal) => ({
          ...answerNotification(proposal, () => tn.proposalCancelled, () => tn.senderLeft({ item: titleOf.get(proposal.itemId) ?? tn.fallbacks.yourItem })),
          userId: proposal.receiverId,
          relatedId: proposal.senderId,
        })),
      )),
    );
    return outcome;
  }

  /**
   * In the transaction that blocks, with the pair locked: whatever is pending between the two ends
   * as if the blocker had answered it themselves, a decline of what they received and a cancel of
   * what they sent, and the other member is told just that. Proposal rows only, as close() does.
   */
  async withdrawBetween(tx: Executor, blocker: { id: string; displayName: string }, otherId: string): Promise<ProposalOutcome> {
    return this.endPending(tx, await repo.lockPendingBetween(tx, blocker.id, otherId), blocker.id, {
      cancelled: (proposal, itemTitle) => cancelledNotice(proposal, blocker.displayName, itemTitle),
      declined: (proposal, itemTitle) => declinedNotice(proposal, blocker.displayName, itemTitle),
    });
  }

  /**
   * In the transaction that suspends the member, after their listings are locked: every pending
   * proposal they sent is cancelled and every one they received declined, the other side told
   * without the reason. Proposal rows only: no point and no item moves.
   */
  async withdrawAllOf(tx: Executor, userId: string): Promise<ProposalOutcome> {
    return this.endPending(tx, await repo.lockPendingOf(tx, userId), userId, {
      cancelled: (proposal, itemTitle) => ({
        ...answerNotification(proposal, tn.proposalCancelled, () => TEXT.suspensions.sentWithdrawn({ item: itemTitle ?? tn.fallbacks.theItem })),
        userId: proposal.receiverId,
        relatedId: proposal.senderId,
      }),
      declined: (proposal, itemTitle) =>
        answerNotification(proposal, tn.proposalWithdrawn, () => TEXT.suspensions.receivedWithdrawn({ item: itemTitle ?? tn.fallbacks.theItem })),
    });
  }

  /** Of these locked pending proposals, cancels what the member sent and declines what they received, telling the other side. */
  private async endPending(
    tx: Executor,
    pending: repo.ProposalRow[],
    memberId: string,
    notice: Record<'cancelled' | 'declined', (proposal: repo.ProposalRow, itemTitle: string | undefined) => NewNotification>,
  ): Promise<ProposalOutcome> {
    const outcome = quiet();
    if (pending.length === 0) return outcome;
    const idsWhere = (test: (proposal: repo.ProposalRow) => boolean) => pending.filter(test).map((proposal) => proposal.id);
    const cancelled = await repo.resolveAll(tx, idsWhere((proposal) => proposal.senderId === memberId), 'cancelled');
    const declined = await repo.resolveAll(tx, idsWhere((proposal) => proposal.receiverId === memberId), 'declined');
    const titleOf = new Map((await this.items.byIds(tx, pending.map((proposal) => proposal.itemId))).map((row) => [row.id, row.title]));
    outcome.proposals.push(...cancelled, ...declined);
    outcome.resolved.push(...(await this.notifications.resolveForProposals(tx, pending.map((proposal) => proposal.id))));
    outcome.created.push(
      ...(await this.notifications.insert(tx, [
        ...cancelled.map((proposal) => notice.cancelled(proposal, titleOf.get(proposal.itemId))),
        ...declined.map((proposal) => notice.declined(proposal, titleOf.get(proposal.itemId))),
      ])),
    );
    return outcome;
  }

  // Swap problems (issue 22): what the swap-problems module reads of a proposal, and the reversal.

  /** The proposal's row, for one of its two members only; anyone else is answered as GET answers them. */
  rowForMember(session: Session, id: string): Promise<repo.ProposalRow> {
    return this.findAsMember(session, id);
  }

  /** The proposal's row for a moderator; undefined when it is gone. */
  rowForModerator(id: string): Promise<repo.ProposalRow | undefined> {
    return repo.findProposal(this.db, id);
  }

  /** Proposals as a moderator reads them: the whole thread; the viewer is nobody, so no rating of theirs. */
  async forModeration(ids: string[]): Promise<Map<string, ProposalWithThread>> {
    const rows = await repo.proposalsByIds(this.db, ids);
    const views = await this.presentAll(this.db, rows, NOBODY, await repo.earlierOffers(this.db, rows));
    return new Map(views.map((view) => [view.id, { ...view, thread: view.thread ?? [] }]));
  }

  /**
   * Undoes an accepted swap in the caller's transaction, in the order every swap keeps (items, the
   * proposal, the two members), so it queues behind or ahead of an accept of the same item. The
   * points go back through new `swap_reversed` entries, as many as the receiver still holds (never a
   * negative balance); the rest is the shortfall. Each item still swapped is available again.
   */
  async reverseSwap(tx: Executor, id: string): Promise<SwapReversal> {
    const first = await repo.findProposal(tx, id);
    if (!first) throw notFound(TEXT.swapProblems.notFound);
    const itemIds = [first.itemId, ...(first.offerItemId ? [first.offerItemId] : [])];
    const lockedItems = await this.items.lock(tx, itemIds, 'no key update');
    const proposal = await repo.lockProposal(tx, id);
    if (proposal?.status !== 'accepted') throw conflict(TEXT.swapProblems.notReversible);
    const balances = await this.points.lock(tx, [proposal.senderId, proposal.receiverId]);
    const outcome = quiet();
    // A member who left has no balance: nothing can come back from them or go back to them.
    const moved = balances.size < 2 ? 0 : Math.min(proposal.pointsOffer, balances.get(proposal.receiverId) ?? 0);
    if (moved > 0) {
      const back = { proposalId: id, reason: 'swap_reversed' as const };
      outcome.balances.push(
        { userId: proposal.receiverId, points: await this.points.move(tx, { ...back, userId: proposal.receiverId, amount: -moved }) },
        { userId: proposal.senderId, points: await this.points.move(tx, { ...back, userId: proposal.senderId, amount: moved }) },
      );
    }
    // An item whose owner left stays out of the marketplace with them.
    const swapped = lockedItems.filter((item) => item.status === 'swapped' && balances.has(item.ownerId));
    await this.items.markAvailableAgain(tx, swapped.map((item) => item.id));
    outcome.swapped = swapped.map((item) => ({ itemId: item.id, ownerId: item.ownerId }));
    const reversed = await repo.markReversed(tx, id);
    outcome.proposals.push(reversed);
    const itemTitle = lockedItems.find((item) => item.id === proposal.itemId)?.title ?? tn.fallbacks.theItem;
    return { proposal: reversed, itemTitle, moved, shortfall: proposal.pointsOffer - moved, outcome };
  }

  async announce(outcome: ProposalOutcome): Promise<void> {
    await this.points.announce(outcome.balances);
    await this.notifications.announceCreated(outcome.created);
    for (const userId of new Set(outcome.resolved.map((row) => row.userId))) {
      await this.notifications.announceUpdated(userId, null);
    }
    for (const proposal of outcome.proposals) {
      await this.bus.publish({
        rooms: [rooms.user(proposal.senderId), rooms.user(proposal.receiverId)],
        event: { type: 'proposals.updated', data: { proposalId: proposal.id, status: proposal.status as ProposalStatus } },
      });
    }
    for (const data of outcome.swapped) {
      await this.bus.publish({ rooms: [rooms.everyone], event: { type: 'items.updated', data } });
    }
  }

  /**
   * The periodic sweep every instance runs: each side that has not confirmed the hand-over 3 days
   * after Accept is reminded once, however many instances sweep the same database at once (the
   * proposal row records the reminder in the transaction that writes the notification). In-app
   * only for now: mail and push follow the member's preferences once issue 16 brings them.
   */
  async remindHandovers(): Promise<number> {
    const outcome = quiet();
    await transactionWithRetry(this.db, async (tx) => {
      Object.assign(outcome, quiet());
      const due = [
        ...(await repo.markHandoverReminders(tx, 'sender', REMINDER_WINDOW)).map((row) => ({ row, userId: row.senderId, otherId: row.receiverId })),
        ...(await repo.markHandoverReminders(tx, 'receiver', REMINDER_WINDOW)).map((row) => ({ row, userId: row.receiverId, otherId: row.senderId })),
      ];
      if (due.length === 0) return;
      const titleOf = new Map((await this.items.byIds(tx, due.map(({ row }) => row.itemId))).map((item) => [item.id, item.title]));
      const names = await this.profiles.summaries(tx, due.map(({ otherId }) => otherId));
      outcome.created.push(
        ...(await this.notifications.insert(
          tx,
          due.map(({ row, userId, otherId }) =>
            handoverNotice(row, userId, () => tn.handoverReminder, {
              description: () => tn.handoverReminderBody({
                item: titleOf.get(row.itemId) ?? tn.fallbacks.theItem,
                name: names.get(otherId)?.displayName ?? tn.fallbacks.otherMember,
              }),
              relatedId: otherId,
            }),
          ),
        )),
      );
    });
    await this.announce(outcome);
    return outcome.created.length;
  }

  /** One proposal on its own, with the whole thread of offers that led to it. */
  private async present(db: Executor, row: repo.ProposalRow, viewerId: string): Promise<Proposal> {
    const [view] = await this.presentAll(db, [row], viewerId, await repo.earlierOffers(db, [row]));
    return view!;
  }

  /** Lists show each proposal without its thread: only the proposal page (present()) and the moderation queue show it. */
  private async presentAll(db: Executor, rows: repo.ProposalRow[], viewerId: string, thread?: repo.ProposalRow[]): Promise<Proposal[]> {
    if (rows.length === 0) return [];
    const counters = await repo.countersOf(db, rows.filter((row) => row.status === 'countered').map((row) => row.id));
    const earlier = thread && new Map(thread.map((row) => [row.id, row]));
    const offers = [...rows, ...(thread ?? [])];
    const memberIds = [...new Set(rows.flatMap((row) => [row.senderId, row.receiverId]))];
    const itemIds = [...new Set(offers.flatMap((row) => [row.itemId, ...(row.offerItemId ? [row.offerItemId] : [])]))];
    const [memberOf, cardOf, ratings, problems] = await Promise.all([
      this.profiles.summaries(db, memberIds),
      this.items.cards(db, itemIds),
      repo.ratingsBy(db, viewerId, rows.map((row) => row.id)),
      this.problemsIn(rows.filter((row) => row.status === 'accepted').map((row) => row.id)),
    ]);
    const ratingOf = new Map(ratings.map(({ proposalId, ...rating }) => [proposalId, rating]));
    return rows.map((row) =>
      presentProposal(
        row,
        { memberOf, cardOf, rating: ratingOf.get(row.id) ?? null, ratingGate: ratingGate(row, problems.has(row.id)), earlier, counters },
        viewerId,
      ),
    );
  }
}

/** A swap that is not completed may be rated this long after Accept: time enough to have met, or to give up on it. */
const RATING_WAIT_DAYS = 14;
const RATING_WAIT_MS = RATING_WAIT_DAYS * 24 * 60 * 60_000;
/**
 * A side that has not confirmed the hand-over 3 days after Accept is reminded, once. Swaps
 * accepted before the rating wait are past reminding (and a database upgraded to hand-overs does
 * not remind of swaps done long ago); a sweep takes at most `limit`, the rest wait for the next.
 */
const REMINDER_WINDOW = { days: 3, untilDays: RATING_WAIT_DAYS, limit: 200 };

/**
 * The one gate on rating a swap, for the server's refusal and for the page alike: it opens when
 * the swap is completed, or 14 days after Accept if nobody reported a problem with it.
 */
export function ratingGate(proposal: repo.ProposalRow, problemReported: boolean, now = new Date()): RatingGate {
  if (proposal.status !== 'accepted' || !proposal.resolvedAt) return { opensAt: null, open: false };
  // The wait opens rating only for a swap nobody reported a problem with: a moderator decides that one first.
  const waited = problemReported ? null : new Date(proposal.resolvedAt.getTime() + RATING_WAIT_MS);
  const opensAt = [proposal.completedAt, waited].filter((at): at is Date => at !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return { opensAt, open: opensAt !== null && opensAt <= now };
}

/** The answer goes to the sender; it carries no Accept or Decline of its own. */
function answerNotification(proposal: repo.ProposalRow, title: NoticeText, description: NoticeText): NewNotification {
  return {
    userId: proposal.senderId,
    type: 'proposal',
    title,
    description,
    itemId: proposal.itemId,
    relatedId: proposal.receiverId,
    proposalId: proposal.id,
    resolved: true,
  };
}


/** The receiver said no: the sender is told who and for what. */
function declinedNotice(proposal: repo.ProposalRow, receiverName: string, itemTitle: string | undefined): NewNotification {
  return answerNotification(proposal, () => tn.proposalDeclined, () => tn.proposalDeclinedBody({ member: receiverName, item: itemTitle ?? tn.fallbacks.anItem }));
}

function isParticipant(proposal: repo.ProposalRow, userId: string): boolean {
  return proposal.senderId === userId || proposal.receiverId === userId;
}

/** A counter-offer: terms the receiver made, or the sender's answer to them. */
function isCounter(proposal: repo.ProposalRow): boolean {
  return proposal.counteredFromId !== null || proposal.offeredBy !== proposal.senderId;
}

/** Only the side an offer was made to may accept, decline or counter it. */
function assertMayAnswer(proposal: repo.ProposalRow, userId: string): void {
  if (proposal.offeredBy === userId || !isParticipant(proposal, userId)) {
    throw forbidden(proposal.offeredBy === proposal.senderId ? t.onlyReceiver : t.onlyOtherSide);
  }
}

function answererOf(proposal: repo.ProposalRow): string {
  return proposal.offeredBy === proposal.senderId ? proposal.receiverId : proposal.senderId;
}

/** A new offer goes to the side that answers it, with Accept and Decline of its own. */
function toAnswer(proposal: repo.ProposalRow, title: NoticeText, description: NoticeText): NewNotification {
  return {
    userId: answererOf(proposal),
    type: 'proposal',
    title,
    description,
    itemId: proposal.itemId,
    relatedId: proposal.offeredBy,
    proposalId: proposal.id,
  };
}

/** An answer to an offer goes to the member who made it, from the other side. */
function toOfferer(proposal: repo.ProposalRow, title: NoticeText, description: NoticeText): NewNotification {
  return { ...answerNotification(proposal, title, description), userId: proposal.offeredBy, relatedId: answererOf(proposal) };
}

/** A decline goes to whoever made the offer, a cancel to whoever it was made to; counters say so. */
function closedNotice(
  proposal: repo.ProposalRow,
  status: 'declined' | 'cancelled',
  name: string,
  itemTitle: string | undefined,
): NewNotification {
  if (!isCounter(proposal)) {
    return status === 'declined' ? declinedNotice(proposal, name, itemTitle) : cancelledNotice(proposal, name, itemTitle);
  }
  const title = itemTitle ?? tn.fallbacks.theItem;
  if (status === 'declined') return toOfferer(proposal, () => tn.proposalDeclined, () => tn.counterDeclined({ member: name, item: title }));
  return {
    ...answerNotification(proposal, () => tn.proposalCancelled, () => tn.counterCancelled({ member: name, item: title })),
    userId: answererOf(proposal),
    relatedId: proposal.offeredBy,
  };
}

/** The sender took it back: the receiver is told who and for what. */
function cancelledNotice(proposal: repo.ProposalRow, senderName: string, itemTitle: string | undefined): NewNotification {
  return {
    ...answerNotification(proposal, () => tn.proposalCancelled, () => tn.proposalCancelledBody({ member: senderName, item: itemTitle ?? tn.fallbacks.yourItem })),
    userId: proposal.receiverId,
    relatedId: proposal.senderId,
  };
}

/** The accepted proposal whose hand-over may still change, locked; anything else is refused with its reason. */
async function lockOpenHandover(tx: Executor, id: string): Promise<repo.ProposalRow> {
  const proposal = await repo.lockProposal(tx, id);
  if (proposal?.status !== 'accepted') throw conflict(t.handoverNotAccepted);
  if (proposal.completedAt) throw conflict(t.handoverCompleted);
  return proposal;
}

/** A hand-over notice for one side: there is nothing in it to answer, so it is resolved from the start. */
function handoverNotice(
  proposal: repo.ProposalRow,
  userId: string,
  title: NoticeText,
  { description, relatedId }: { description: NoticeText; relatedId: string },
): NewNotification {
  return { userId, type: 'proposal', title, description, itemId: proposal.itemId, relatedId, proposalId: proposal.id, resolved: true };
}
