import {
  TEXT,
  type CurrentUser,
  type DismissBody,
  type ModeratedMember,
  type ReportBody,
  type ReportGroup,
  type ReportQueuePage,
  type ReportReason,
  type ReportTargetType,
} from '@swapyard/contract';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { firstCharacters } from '../../lib/first-characters.ts';
import type { AuditService } from '../audit/service.ts';
import type { Session } from '../auth/service.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { NotificationRow, NotificationsService } from '../notifications/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import { imageUrl, thumbUrl } from '../uploads/image-keys.ts';
import * as repo from './repository.ts';

const t = TEXT.moderation;
const LABEL_CHARS = 80;

export interface ModerationServices {
  items: ItemsService;
  profiles: ProfilesService;
  conversations: ConversationsService;
  notifications: NotificationsService;
  audit: AuditService;
}

interface Target {
  targetType: ReportTargetType;
  targetId: string;
}

/** Members' reports and what moderators do about them (issue 15); each action lands with its audit entry. */
export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly services: ModerationServices,
  ) {}

  /**
   * A member reports what they can see of someone else: a listing, a profile, or a message of a
   * conversation they are in. The server finds whose it is; the reported member is never told who.
   */
  async report(session: Session, body: Required<ReportBody>): Promise<void> {
    const targetUserId = await this.ownerForReporter(session, body);
    const row = await repo.insertReport(this.db, {
      reporterId: session.userId,
      targetType: body.targetType,
      targetId: body.targetId,
      targetUserId,
      reason: body.reason,
      note: body.note,
    });
    if (!row) throw conflict(TEXT.reports.alreadyReported);
  }

  async queue(cursor: string | undefined, limit: number): Promise<ReportQueuePage> {
    const rows = await repo.openGroups(this.db, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.latestAt, row.targetId]);
    const ids = (type: ReportTargetType) => visible.filter((row) => row.targetType === type).map((row) => row.targetId);
    const [members, listings, messages, reports] = await Promise.all([
      this.services.profiles.forModeration(this.db, visible.map((row) => row.targetUserId)),
      this.services.items.forModeration(this.db, ids('item')),
      this.services.conversations.forModeration(this.db, ids('message')),
      repo.openReportsOf(this.db, visible.map((row) => row.targetId)),
    ]);
    const groups = visible.flatMap((row): ReportGroup[] => {
      const member = members.get(row.targetUserId);
      if (!member) return [];
      const listing = listings.get(row.targetId);
      return [
        {
          targetType: row.targetType as ReportTargetType,
          targetId: row.targetId,
          member,
          count: row.count,
          latestAt: new Date(row.latestAt).toISOString(),
          reports: reports
            .filter((report) => report.targetId === row.targetId && report.targetType === row.targetType)
            .map((report) => ({ reason: report.reason as ReportReason, note: report.note, createdAt: report.createdAt.toISOString() })),
          listing: listing
            ? {
                id: listing.item.id,
                title: listing.item.title,
                description: listing.item.description,
                images: listing.images.map((image) => ({ url: imageUrl(image.storageKey), thumbUrl: thumbUrl(image.storageKey) })),
                hiddenReason: listing.item.hiddenAt ? (listing.item.hiddenReason ?? '') : null,
              }
            : null,
          messages: row.targetType === 'message' ? (messages.get(row.targetId) ?? null) : null,
        },
      ];
    });
    return { groups, nextCursor };
  }

  /** The reports were not a reason to act: they close, and the target stays as it is. */
  async dismiss(actor: CurrentUser, body: Required<DismissBody>): Promise<void> {
    const { member, label } = await this.targetForModerator(actor, body);
    await this.db.transaction(async (tx) => {
      const closed = await repo.resolveOpen(tx, body, 'dismissed', actor.id);
      if (closed === 0) throw conflict(t.nothingOpen);
      await this.services.audit.record(tx, actor, {
        action: 'reports_dismissed',
        targetType: body.targetType,
        targetId: body.targetId,
        targetUserId: member.id,
        targetLabel: label,
        reason: body.reason,
        details: { reports: closed },
      });
    });
  }

  /** Out of the marketplace, search and others' view of the owner; the owner is told why. */
  async hideListing(actor: CurrentUser, itemId: string, reason: string): Promise<void> {
    const target: Target = { targetType: 'item', targetId: itemId };
    const { member } = await this.targetForModerator(actor, target);
    const outcome = await this.db.transaction(async (tx) => {
      const locked = await this.services.items.lockForModeration(tx, itemId);
      if (!locked) throw notFound(t.targetNotFound);
      if (locked.hiddenAt) throw conflict(t.alreadyHidden);
      const item = (await this.services.items.setHidden(tx, itemId, reason))!;
      const closed = await repo.resolveOpen(tx, target, 'actioned', actor.id);
      await this.services.audit.record(tx, actor, {
        action: 'listing_hidden',
        ...target,
        targetUserId: member.id,
        targetLabel: item.title,
        reason,
        details: { reports: closed },
      });
      const notices = await this.services.notifications.insert(tx, [
        { userId: item.ownerId, type: 'system', title: () => t.listingHiddenTitle, description: () => t.listingHidden({ title: item.title, reason }), itemId },
      ]);
      return { item, notices };
    });
    await this.afterCommit(outcome.notices);
    await this.services.items.announceModerated(outcome.item);
  }

  /** Back in the marketplace; the owner is told. */
  async restoreListing(actor: CurrentUser, itemId: string, reason: string): Promise<void> {
    const target: Target = { targetType: 'item', targetId: itemId };
    const { member } = await this.targetForModerator(actor, target);
    const outcome = await this.db.transaction(async (tx) => {
      const locked = await this.services.items.lockForModeration(tx, itemId);
      if (!locked) throw notFound(t.targetNotFound);
      if (!locked.hiddenAt) throw conflict(t.notHidden);
      const item = (await this.services.items.setHidden(tx, itemId, null))!;
      await this.services.audit.record(tx, actor, {
        action: 'listing_restored',
        ...target,
        targetUserId: member.id,
        targetLabel: item.title,
        reason,
      });
      const notices = await this.services.notifications.insert(tx, [
        { userId: item.ownerId, type: 'system', title: () => t.listingRestoredTitle, description: () => t.listingRestored({ title: item.title }), itemId },
      ]);
      return { item, notices };
    });
    await this.afterCommit(outcome.notices);
    await this.services.items.announceModerated(outcome.item);
  }

  /** Both members see "Message removed by a moderator" in its place from now on. */
  async removeMessage(actor: CurrentUser, messageId: string, reason: string): Promise<void> {
    const target: Target = { targetType: 'message', targetId: messageId };
    const { member, label } = await this.targetForModerator(actor, target);
    const message = await this.db.transaction(async (tx) => {
      const found = await this.services.conversations.findMessage(tx, messageId);
      if (!found) throw notFound(t.targetNotFound);
      const removed = await this.services.conversations.removeMessage(tx, found);
      if (!removed) throw conflict(t.alreadyRemoved);
      const closed = await repo.resolveOpen(tx, target, 'actioned', actor.id);
      await this.services.audit.record(tx, actor, {
        action: 'message_removed',
        ...target,
        targetUserId: member.id,
        targetLabel: label,
        reason,
        details: { reports: closed },
      });
      return removed;
    });
    await this.services.conversations.announceRemoved(message.conversationId);
  }

  /** The member the reported target belongs to gets a notification with the reason; the reports close as acted on. */
  async warn(actor: CurrentUser, body: Required<DismissBody>): Promise<void> {
    const { member, label } = await this.targetForModerator(actor, body);
    const notices = await this.db.transaction(async (tx) => {
      const closed = await repo.resolveOpen(tx, body, 'actioned', actor.id);
      await this.services.audit.record(tx, actor, {
        action: 'member_warned',
        targetType: 'user',
        targetId: member.id,
        targetUserId: member.id,
        targetLabel: body.targetType === 'user' ? label : `${member.displayName} (${label})`,
        reason: body.reason,
        details: { reports: closed, about: { type: body.targetType, id: body.targetId } },
      });
      return this.services.notifications.insert(tx, [
        { userId: member.id, type: 'system', title: () => t.warningTitle, description: () => t.warning({ reason: body.reason }) },
      ]);
    });
    await this.afterCommit(notices);
  }

  private afterCommit(notices: NotificationRow[]): Promise<void> {
    return this.services.notifications.announceCreated(notices);
  }

  /** Whose the target is, for a reporter: only what they can see of someone else may be reported. */
  private async ownerForReporter(session: Session, target: Target): Promise<string> {
    const nothing = () => notFound(TEXT.reports.notFound);
    let ownerId: string;
    if (target.targetType === 'item') {
      // A listing hidden by the moderators, or with its owner while suspended, is not there to report.
      const owner = await this.services.items.ownerSeenBy(session, target.targetId);
      if (!owner) throw nothing();
      ownerId = owner;
    } else if (target.targetType === 'user') {
      if (!(await this.services.profiles.exists(target.targetId))) throw nothing();
      ownerId = target.targetId;
    } else {
      const message = await this.services.conversations.reportableMessage(session.userId, target.targetId);
      if (!message) throw nothing();
      ownerId = message.senderId;
    }
    if (ownerId === session.userId) throw badRequest(TEXT.reports.ownContent);
    return ownerId;
  }

  /**
   * The member a moderator's action falls on, and how the target reads now. Nobody acts on their
   * own content; only an admin acts on an admin's.
   */
  private async targetForModerator(actor: CurrentUser, target: Target): Promise<{ member: ModeratedMember; label: string }> {
    let ownerId: string | undefined;
    let label = '';
    if (target.targetType === 'item') {
      const [item] = await this.services.items.byIds(this.db, [target.targetId]);
      ownerId = item?.ownerId;
      label = item?.title ?? '';
    } else if (target.targetType === 'message') {
      const message = await this.services.conversations.findMessage(this.db, target.targetId);
      ownerId = message?.senderId;
      label = message ? firstCharacters(message.text || '📷', LABEL_CHARS) : '';
    } else {
      ownerId = target.targetId;
    }
    const member = ownerId ? (await this.services.profiles.forModeration(this.db, [ownerId])).get(ownerId) : undefined;
    if (!member) throw notFound(t.targetNotFound);
    if (member.id === actor.id || (member.role === 'admin' && actor.role !== 'admin')) throw forbidden(t.notYours);
    return { member, label: target.targetType === 'user' ? member.displayName : label };
  }
}
