import {
  SWAP_PROBLEM_WINDOW_DAYS,
  TEXT,
  type CurrentUser,
  type ProposalProblems,
  type SwapProblem,
  type SwapProblemBody,
  type SwapProblemQueuePage,
  type SwapProblemReason,
  type SwapProblemStatus,
  type SwapReversalResponse,
} from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import type { AuditService } from '../audit/service.ts';
import type { Session } from '../auth/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import type { UploadedFile } from '../../plugins/multipart-form.ts';
import type { ProposalsService } from '../proposals/service.ts';
import { imageUrl, thumbUrl } from '../uploads/image-keys.ts';
import type { ImageService } from '../uploads/service.ts';
import * as repo from './repository.ts';
import { isStaff } from '../roles/staff.ts';

const t = TEXT.swapProblems;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SwapProblemsServices {
  proposals: ProposalsService;
  notifications: NotificationsService;
  profiles: ProfilesService;
  audit: AuditService;
  images: ImageService;
}

export type ReportedProblem = SwapProblem & { proposalId: string };

/** Issue 22: either side of an accepted swap reports a problem; a moderator dismisses it or reverses the swap. */
export class SwapProblemsService {
  constructor(
    private readonly db: Database,
    private readonly services: SwapProblemsServices,
  ) {
    // A report's photos are evidence for the moderators: besides them only the reporter opens them.
    services.images.guard('problems', isStaff);
  }

  /**
   * Within the window after Accept, one open report per member and swap. Photos are checked and
   * stored only once the report itself is allowed; a report refused after that removes them.
   */
  async report(session: Session, proposalId: string, body: Required<SwapProblemBody>, photos: UploadedFile[] = []): Promise<SwapProblem> {
    const proposal = await this.services.proposals.rowForMember(session, proposalId);
    if (proposal.status !== 'accepted' || !proposal.resolvedAt) throw badRequest(t.notAccepted);
    if (Date.now() - proposal.resolvedAt.getTime() > SWAP_PROBLEM_WINDOW_DAYS * DAY_MS) {
      throw badRequest(t.tooLate({ days: SWAP_PROBLEM_WINDOW_DAYS }));
    }
    const photoKeys = (await this.services.images.storeAll('problems', session.userId, photos)).map((image) => image.key);
    const row = await repo.insertProblem(this.db, { proposalId, reporterId: session.userId, reason: body.reason, note: body.note, photoKeys });
    if (!row) {
      await this.services.images.removeAll(photoKeys);
      throw conflict(t.alreadyReported);
    }
    return present(row);
  }

  /** An item hook: removing an item removes its swaps' problems (cascade), so their photos go once that commits. */
  async photosGoneWithItem(tx: Executor, itemId: string): Promise<() => Promise<void>> {
    const keys = await repo.photoKeysOfItem(tx, itemId);
    return () => this.services.images.removeAll(keys);
  }

  /** What the member reported about this swap, and the moderator's reason when it was reversed. */
  async ofProposal(session: Session, proposalId: string): Promise<ProposalProblems> {
    await this.services.proposals.rowForMember(session, proposalId);
    const rows = await repo.problemsOf(this.db, proposalId);
    return {
      problems: rows.filter((row) => row.reporterId === session.userId).map(present),
      reversalReason: rows.find((row) => row.status === 'reversed')?.resolution ?? null,
    };
  }

  /**
   * Every problem the member reported, newest first, for their data export: each as the swap's page
   * shows it to them, with the swap it is about. Never another member's report about them.
   */
  async reportedBy(session: Session, cursor: string | undefined, limit: number): Promise<{ problems: ReportedProblem[]; nextCursor: string | null }> {
    const rows = await repo.problemsReportedBy(this.db, session.userId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.problem.id]);
    return { problems: visible.map((row) => ({ proposalId: row.problem.proposalId, ...present(row.problem) })), nextCursor };
  }

  /**
   * For the rating gate: of these proposals, the ones with a problem waiting for a moderator or one
   * that reversed the swap. A dismissed problem leaves the swap as it was.
   */
  withOpenOrUpheldProblem(proposalIds: string[]): Promise<Set<string>> {
    return repo.hasOpenOrUpheld(this.db, proposalIds);
  }

  async queue(cursor: string | undefined, limit: number): Promise<SwapProblemQueuePage> {
    const rows = await repo.openProblems(this.db, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.problem.id]);
    const problems = visible.map((row) => row.problem);
    const [proposals, reporters] = await Promise.all([
      this.services.proposals.forModeration(problems.map((problem) => problem.proposalId)),
      this.services.profiles.summaries(this.db, problems.map((problem) => problem.reporterId)),
    ]);
    return {
      problems: problems.flatMap((problem) => {
        const proposal = proposals.get(problem.proposalId);
        const reporter = reporters.get(problem.reporterId);
        return proposal && reporter ? [{ ...present(problem), reporter, proposal }] : [];
      }),
      nextCursor,
    };
  }

  /** The swap stays as it was; the member who reported it is told why. */
  async dismiss(actor: CurrentUser, problemId: string, reason: string): Promise<void> {
    const { problem, proposal } = await this.caseFor(actor, problemId);
    // Read before the transaction: on PGlite a read outside it would wait for it to end.
    const itemTitle = (await this.services.proposals.forModeration([proposal.id])).get(proposal.id)?.item.title ?? TEXT.notifications.fallbacks.theItem;
    const notices = await this.db.transaction(async (tx) => {
      const closed = await repo.closeProblem(tx, problemId, { status: 'dismissed', resolvedBy: actor.id, resolution: reason });
      if (!closed) throw conflict(t.notOpen);
      await this.services.audit.record(tx, actor, {
        action: 'swap_problem_dismissed',
        targetType: 'proposal',
        targetId: proposal.id,
        targetUserId: otherSide(proposal, problem.reporterId),
        targetLabel: itemTitle,
        reason,
        details: { problemId, problemReason: problem.reason },
      });
      return this.services.notifications.insert(tx, [
        {
          userId: problem.reporterId,
          type: 'system',
          title: () => t.dismissedTitle,
          description: () => t.dismissedBody({ item: itemTitle, reason }),
          itemId: proposal.itemId,
          proposalId: proposal.id,
          resolved: true,
        },
      ]);
    });
    await this.services.notifications.announceCreated(notices);
  }

  /**
   * The points go back as far as the receiver still holds them, each item returns to its owner,
   * both members are told why, and the audit log keeps what moved and what could not.
   */
  async reverse(actor: CurrentUser, problemId: string, reason: string): Promise<SwapReversalResponse> {
    const { problem, proposal } = await this.caseFor(actor, problemId);
    const done = await transactionWithRetry(this.db, async (tx) => {
      const reversal = await this.services.proposals.reverseSwap(tx, proposal.id);
      const change = { resolvedBy: actor.id, resolution: reason };
      // After the swap's own locks: a dismissal that got here first leaves nothing open to reverse.
      if (!(await repo.closeProblem(tx, problemId, { ...change, status: 'reversed', shortfall: reversal.shortfall }))) {
        throw conflict(t.notOpen);
      }
      await repo.closeOthersOfReversed(tx, proposal.id, change);
      await this.services.audit.record(tx, actor, {
        action: 'swap_reversed',
        targetType: 'proposal',
        targetId: proposal.id,
        targetUserId: otherSide(proposal, problem.reporterId),
        targetLabel: reversal.itemTitle,
        reason,
        details: { problemId, problemReason: problem.reason, moved: reversal.moved, shortfall: reversal.shortfall },
      });
      const notices = await this.services.notifications.insert(
        tx,
        [proposal.senderId, proposal.receiverId].map((userId) => ({
          userId,
          type: 'system' as const,
          title: () => t.reversedTitle,
          description: () => t.reversedBody({ item: reversal.itemTitle, reason }),
          itemId: proposal.itemId,
          relatedId: otherSide(proposal, userId),
          proposalId: proposal.id,
          resolved: true,
        })),
      );
      return { reversal, notices };
    });
    await this.services.proposals.announce(done.reversal.outcome);
    await this.services.notifications.announceCreated(done.notices);
    return { moved: done.reversal.moved, shortfall: done.reversal.shortfall };
  }

  /** The problem and its swap; a moderator never decides a swap they took part in. */
  private async caseFor(actor: CurrentUser, problemId: string) {
    const problem = await repo.findProblem(this.db, problemId);
    const proposal = problem ? await this.services.proposals.rowForModerator(problem.proposalId) : undefined;
    if (!problem || !proposal) throw notFound(t.notFound);
    if (actor.id === proposal.senderId || actor.id === proposal.receiverId) throw forbidden(t.notYours);
    return { problem, proposal };
  }
}

function present(row: repo.SwapProblemRow): SwapProblem {
  return {
    id: row.id,
    reason: row.reason as SwapProblemReason,
    note: row.note,
    status: row.status as SwapProblemStatus,
    createdAt: row.createdAt.toISOString(),
    resolution: row.resolution,
    photos: row.photoKeys.map((key) => ({ url: imageUrl(key), thumbUrl: thumbUrl(key) })),
  };
}

function otherSide(proposal: { senderId: string; receiverId: string }, userId: string): string {
  return proposal.senderId === userId ? proposal.receiverId : proposal.senderId;
}
