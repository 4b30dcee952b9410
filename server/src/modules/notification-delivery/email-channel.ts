import type { Mailer } from '../../mail/mailer.ts';
import type { Database } from '../../db/database.ts';
import type { NotificationPreferencesService } from '../notification-preferences/service.ts';
import { renderNotificationMail } from './mails.ts';
import * as repo from './repository.ts';
import type { ChannelHandler } from './service.ts';

/** A member with no open tab for this long gets a new message by mail (issue 16). */
export const MESSAGE_QUIET_MS = 10 * 60_000;

/** The 'email' channel: one multipart mail, in the community's name as it is called when sent, with a one-click unsubscribe. */
export function emailChannel(deps: {
  db: Database;
  mailer: Mailer;
  preferences: NotificationPreferencesService;
  communityName: () => Promise<string>;
  publicUrl: (path: string) => string;
}): ChannelHandler {
  return async (delivery) => {
    const member = await repo.recipient(deps.db, delivery.userId);
    // A closed account keeps its row, emptied: nobody is left to write to.
    if (!member || member.deletedAt) return;
    const token = await deps.preferences.unsubscribeToken(delivery.userId, delivery.kind);
    await deps.mailer.send(
      renderNotificationMail({
        to: member.email,
        community: await deps.communityName(),
        kind: delivery.kind,
        title: delivery.title,
        body: delivery.body,
        url: delivery.url,
        preferencesUrl: deps.publicUrl('/settings/notifications'),
        unsubscribeUrl: deps.publicUrl(`/api/unsubscribe/${token}`),
        unsubscribePageUrl: deps.publicUrl(`/unsubscribe/${token}`),
      }),
    );
  };
}
