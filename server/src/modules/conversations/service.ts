import {
  messageRef,
  readMessage,
  REPORTED_MESSAGE_CONTEXT,
  TEXT,
  type ChatMessage,
  type ContextMessage,
  type ConversationPage,
  type ConversationSummary,
  type MessagePage,
  type ProposalPage,
} from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { firstCharacters } from '../../lib/first-characters.ts';
import type { UploadedFile } from '../../plugins/multipart-form.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import type { CommunityService } from '../community/service.ts';
import type { BlocksService } from '../blocks/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { MessagePreview, NotificationsService } from '../notifications/service.ts';
import type { ImageService } from '../uploads/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import type { ProposalsService } from '../proposals/service.ts';
import { presentMessage, presentSummary, previewsSaying } from './present-conversation.ts';
import * as repo from './repository.ts';
import { isStaff } from '../roles/staff.ts';

const t = TEXT.conversations;
const PREVIEW_CHARS = 120;

/**
 * What a notice shows of a message: its first words, or for a photo alone "📷 Photo" kept as a
 * message reference, so each reader sees it in their own language.
 */
function noticePreview(text: string): MessagePreview {
  if (text) return { description: firstCharacters(text, PREVIEW_CHARS), descriptionMessage: null };
  const descriptionMessage = messageRef(() => t.photo);
  return { description: readMessage(descriptionMessage), descriptionMessage };
}

export interface OutgoingMessage {
  clientId: string;
  text: string;
  image?: UploadedFile | undefined;
}

export interface ConversationListOptions {
  cursor?: string | undefined;
  limit: number;
  q?: string | undefined;
}

export class ConversationsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly images: ImageService,
    private readonly notifications: NotificationsService,
    private readonly profiles: ProfilesService,
    private readonly items: ItemsService,
    private readonly community: CommunityService,
    private readonly blocks: BlocksService,
    private readonly offers: Pick<ProposalsService, 'between'>,
  ) {
    // A chat photo is for the two in the conversation (and moderators, who see reported messages):
    // its address passed on opens for nobody else, and it goes with the message a moderator removed.
    images.guard('chat', async (viewer, key) => (await repo.photoSeenBy(this.db, viewer.userId, key)) || (await isStaff(viewer)));
  }

  /** Contact Owner and Send Message: the one conversation per pair (per item), made on first use. */
  async open(session: Session, otherUserId: string, itemId: string | null): Promise<ConversationSummary> {
    if (otherUserId === session.userId) throw badRequest(t.withYourself);
    if (!(await this.profiles.exists(otherUserId))) throw badRequest(t.otherRequired);
    await this.blocks.assertCanContact(this.db, session.userId, otherUserId);
    if (itemId) {
      const [item] = await this.items.byIds(this.db, [itemId]);
      if (!item || (item.ownerId !== otherUserId && item.ownerId !== session.userId)) throw badRequest(t.itemMismatch);
    }
    const conversation = await this.db.transaction(async (tx) => {
      const members: [string, string] = [session.userId, otherUserId];
      const existing = await repo.findByMembers(tx, members, itemId);
      if (existing) return existing;
      // Only a conversation this opens counts toward a new member's daily limit.
      await this.community.limitNewMember(tx, session.userId, 'conversations', (since) =>
        repo.startedSince(tx, session.userId, since),
      );
      return repo.findOrCreate(tx, members, itemId, '', session.userId);
    });
    return this.summary(session.userId, conversation.id);
  }

  /** A page of the member's conversations; with `q`, of those that mention it (repo.ConversationFilter). */
  async list(session: Session, { cursor, limit, q }: ConversationListOptions): Promise<ConversationPage> {
    const rows = await repo.listForMember(this.db, session.userId, decodeCursor(cursor), limit + 1, { q, previewsSaying: q ? previewsSaying(q) : [] });
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.conversation.id]);
    const closed = await this.blocks.closedAmong(this.db, session.userId, visible.map((row) => row.other.id));
    return {
      conversations: visible.map((row) => presentSummary(row, closed.has(row.other.id))),
      nextCursor,
      unreadConversations: await repo.unreadConversationCount(this.db, session.userId),
    };
  }

  async get(session: Session, id: string): Promise<ConversationSummary> {
    await this.assertParticipant(session.userId, id);
    return this.summary(session.userId, id);
  }

  async messages(session: Session, id: string, cursor: string | undefined, limit: number): Promise<MessagePage> {
    await this.assertParticipant(session.userId, id);
    const rows = await repo.listMessages(this.db, id, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.message.id]);
    return {
      messages: visible.map((row) => presentMessage(row.message)).reverse(),
      nextCursor,
    };
  }

  /**
   * The proposals between the two members about the conversation's item, newest first, in either
   * direction and whatever became of them: the chat shows them among its messages. Readable as the
   * messages are, by the two members alone, and still after a block (which withdrew what was pending).
   */
  async proposals(session: Session, id: string, cursor: string | undefined, limit: number): Promise<ProposalPage> {
    const members = await this.assertParticipant(session.userId, id);
    const conversation = (await repo.findConversation(this.db, id))!;
    const otherId = members.find((member) => member !== session.userId);
    if (!conversation.itemId || !otherId) return { proposals: [], nextCursor: null };
    return this.offers.between(session.userId, otherId, conversation.itemId, cursor, limit);
  }

  /**
   * Stored before any event goes out, so nothing announced can be lost; the client's id makes a
   * retried send return the first message instead of a second one. One statement reads what the
   * send must know and one writes it, with no transaction around them (docs/decisions/029).
   */
  async send(session: Session, id: string, outgoing: OutgoingMessage): Promise<ChatMessage> {
    const context = await repo.sendContext(this.db, id, session.userId, outgoing.clientId, (receiver) => ({
      receiverActive: this.profiles.activeSql(receiver),
      blockerIds: this.blocks.blockersSql(session.userId, receiver),
      senderName: this.profiles.displayNameSql(session.userId),
    }));
    if (!context.conversation) throw notFound(t.notFound);
    if (!context.memberIds.includes(session.userId)) throw forbidden(t.notParticipant);
    const text = outgoing.text.trim();
    if (!text && !outgoing.image) throw badRequest(t.messageRequired);
    if (context.earlier) return presentMessage(context.earlier);
    const receiverId = context.memberIds.find((member) => member !== session.userId)!;
    // Their messages stay as the other member's record, but nobody is left to read a new one.
    if (!context.receiverActive) throw conflict(t.otherLeft);
    // Asked before a photo is stored, and again by the write under the pair's lock, where a block just made is seen.
    const refusal = this.blocks.refusal(session.userId, context.blockerIds);
    if (refusal) throw refusal;

    const [stored] = outgoing.image ? await this.images.storeAll('chat', session.userId, [outgoing.image]) : [];
    const preview = noticePreview(text);
    let written: Awaited<ReturnType<typeof repo.writeMessage>>;
    try {
      const titleMessage = messageRef(() => t.newMessageFrom({ name: context.senderName ?? '' }));
      const { steps: noticeSteps, returned } = this.notifications.noteMessageSteps(repo.MESSAGE_STEP, {
        userId: receiverId,
        conversationId: id,
        itemId: context.conversation.itemId,
        title: readMessage(titleMessage),
        titleMessage,
        ...preview,
      });
      const steps = [
        ...repo.sendSteps(this.blocks.blockersAfterLockSql(session.userId, receiverId), {
          conversationId: id,
          senderId: session.userId,
          clientId: outgoing.clientId,
          text,
          imageKey: stored?.key ?? null,
          lastMessage: text ? firstCharacters(text, PREVIEW_CHARS) : '',
        }),
        ...noticeSteps,
      ];
      written = await repo.writeMessage(this.db, steps, returned);
    } catch (error) {
      if (stored) await this.removePhotoUnlessSent(session.userId, outgoing.clientId, stored.key);
      throw error;
    }
    if (!written.message) {
      // A block that came between the first check and now, or a retry that raced the first send: the photo stored for it has nowhere to go.
      if (stored) await this.images.removeAll([stored.key]);
      const lateRefusal = this.blocks.refusal(session.userId, written.blockerIds);
      if (lateRefusal) throw lateRefusal;
      return presentMessage((await repo.findByClientId(this.db, session.userId, outgoing.clientId))!);
    }

    const data = { conversationId: id, messageId: written.message.id, senderId: session.userId };
    const both = [rooms.user(receiverId), rooms.user(session.userId)];
    await this.bus.publishAll([
      // A tab refreshes the conversation's list entry, header and counts from this one event as well.
      { rooms: both, event: { type: 'messages.created', data } },
      // A notice brought back to the top with the newest message is news to the receiver all the same.
      ...(written.returned ? this.notifications.createdEvents([this.notifications.noticeFromJson(written.returned)]) : []),
    ]);
    return presentMessage(written.message);
  }

  /**
   * After a write that failed: the photo goes unless a message of this send holds it. An error
   * after COMMIT (the connection lost) leaves the message stored, and it must keep its photo; when
   * even that cannot be read, the photo is kept too, as a stray file costs less than a missing one.
   */
  private async removePhotoUnlessSent(senderId: string, clientId: string, key: string): Promise<void> {
    const sent = await repo.findByClientId(this.db, senderId, clientId).then(
      (message) => message?.imageKey === key,
      () => true,
    );
    if (!sent) await this.images.removeAll([key]);
  }

  /** How quickly a member answers, for their profile: their replies since then and the median wait (docs/decisions/015). */
  replyTimes(memberId: string, since: Date): Promise<{ replies: number; medianSeconds: number | null }> {
    return repo.replyTimes(this.db, memberId, since);
  }

  /** Of these members, the ones the member shares a conversation with: whose presence their chats show. */
  async partnersAmong(userId: string, memberIds: string[]): Promise<string[]> {
    return memberIds.length === 0 ? [] : repo.partnersAmong(this.db, userId, memberIds);
  }

  /**
   * After a block between the two is made or lifted: each member's open tabs refetch their
   * conversations together, so a chat between them shows its composer or the refusal at once.
   */
  async announceContactChanged(a: string, b: string): Promise<void> {
    for (const conversationId of await repo.idsBetween(this.db, a, b)) {
      await this.bus.publish({ rooms: [rooms.user(a), rooms.user(b)], event: { type: 'conversations.updated', data: { conversationId } } });
    }
  }

  /** Opening a conversation reads it, and reads its message notification too. */
  async markRead(session: Session, id: string): Promise<void> {
    await this.assertParticipant(session.userId, id);
    const changedNotifications = await this.db.transaction(async (tx) => {
      await repo.markConversationRead(tx, id, session.userId);
      return this.notifications.readMessageNotices(tx, session.userId, id);
    });
    await this.bus.publish({ rooms: [rooms.user(session.userId)], event: { type: 'conversations.read', data: { conversationId: id } } });
    if (changedNotifications > 0) await this.notifications.announceUpdated(session.userId, null);
  }

  /**
   * The message a member may report: one of a conversation they are in, sent by the other member.
   * Anything else (a message of theirs, of a conversation they are not in, or none) is undefined.
   */
  async reportableMessage(userId: string, messageId: string): Promise<{ senderId: string } | undefined> {
    const message = await repo.findMessage(this.db, messageId);
    if (!message || message.senderId === userId) return undefined;
    const members = await repo.memberIds(this.db, message.conversationId);
    return members.includes(userId) ? { senderId: message.senderId } : undefined;
  }

  /** For the moderators' queue: each reported message with the few before it, and nothing else of its conversation. */
  async forModeration(db: Executor, messageIds: string[]): Promise<Map<string, ContextMessage[]>> {
    const shown = new Map<string, ContextMessage[]>();
    for (const id of messageIds) {
      const message = await repo.findMessage(db, id);
      if (!message) continue;
      const rows = await repo.messageWithBefore(db, message, REPORTED_MESSAGE_CONTEXT);
      shown.set(
        id,
        rows.map((row) => {
          const presented = presentMessage(row.message);
          return {
            id: presented.id,
            senderName: row.senderDeletedAt ? TEXT.account.formerMember : row.senderName,
            text: presented.text,
            imageUrl: presented.imageUrl,
            removed: presented.removed,
            reported: presented.id === id,
            createdAt: presented.createdAt,
          };
        }),
      );
    }
    return shown;
  }

  findMessage(db: Executor, id: string): Promise<repo.MessageRow | undefined> {
    return repo.findMessage(db, id);
  }

  /** A moderator removes a message, in the caller's transaction; undefined when it was already removed. */
  async removeMessage(tx: Executor, message: repo.MessageRow): Promise<repo.MessageRow | undefined> {
    const removed = await repo.markRemoved(tx, message);
    if (removed) {
      await this.notifications.forgetMessagePreview(tx, message.conversationId, noticePreview(message.text), messageRef(() => TEXT.moderation.messageRemoved));
    }
    return removed;
  }

  /** After commit: both members' open chats, lists and notices show the placeholder at once. */
  async announceRemoved(conversationId: string): Promise<void> {
    const members = await repo.memberIds(this.db, conversationId);
    await this.bus.publish({
      rooms: members.map((member) => rooms.user(member)),
      event: { type: 'conversations.updated', data: { conversationId } },
    });
    await Promise.all(members.map((member) => this.notifications.announceUpdated(member, null)));
  }

  private async assertParticipant(userId: string, id: string): Promise<string[]> {
    const conversation = await repo.findConversation(this.db, id);
    if (!conversation) throw notFound(t.notFound);
    const members = await repo.memberIds(this.db, id);
    if (!members.includes(userId)) throw forbidden(t.notParticipant);
    return members;
  }

  private async summary(userId: string, id: string): Promise<ConversationSummary> {
    const [row] = await repo.listForMember(this.db, userId, undefined, 1, { onlyId: id });
    const closed = await this.blocks.closedAmong(this.db, userId, [row!.other.id]);
    return presentSummary(row!, closed.size > 0);
  }
}
