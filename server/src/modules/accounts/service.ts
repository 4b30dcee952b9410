import { TEXT, type DeleteAccountBody } from '@swapyard/contract';
import type { Database } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import type { AuthService, Session } from '../auth/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { FavouritesService } from '../favourites/service.ts';
import type { SavedSearchesService } from '../saved-searches/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PointsService } from '../points/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import type { ProposalsService } from '../proposals/service.ts';
import type { RolesService } from '../roles/service.ts';

/** What a member does to their account as a whole, through the services that own each part of it. */
export class AccountsService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly roles: RolesService,
    private readonly items: ItemsService,
    private readonly proposals: ProposalsService,
    private readonly points: PointsService,
    private readonly profiles: ProfilesService,
    private readonly notifications: NotificationsService,
    private readonly favourites: FavouritesService,
    private readonly savedSearches: SavedSearchesService,
  ) {}

  /**
   * One transaction, in the lock order of "A swap" (items, proposals, members), so a deletion and an
   * accept that share an item or a proposal queue and the later one sees what the first did. The
   * row stays, emptied: the ledger, the other member's conversations and the ratings given keep it.
   * The admins' lock comes before all of it, so the community's last admin cannot leave it without one.
   */
  async delete(session: Session, { password }: DeleteAccountBody): Promise<void> {
    await this.auth.reauthenticate(session, password);
    const userId = session.userId;
    const { ended, afterCommit } = await transactionWithRetry(this.db, async (tx) => {
      await this.roles.refuseLastAdminLeaving(tx, userId);
      // Their listings, and with them every pending proposal that asked for or offered one.
      const listingsGone = await this.items.removeAllOf(tx, userId, TEXT.account.formerMember);
      const withdrawn = await this.proposals.withdrawSentBy(tx, userId);
      await this.points.close(tx, userId);
      const photoGone = await this.profiles.erase(tx, userId);
      await this.notifications.forgetAllOf(tx, userId);
      // The row stays for the ledger's sake; what they saved goes, so nothing is told to a former member.
      await this.favourites.forgetAllOf(tx, userId);
      await this.savedSearches.forgetAllOf(tx, userId);
      const sessions = await this.auth.close(tx, userId);
      return { ended: sessions, afterCommit: [listingsGone, () => this.proposals.announce(withdrawn), photoGone] };
    });
    await this.auth.endSessions(ended);
    for (const work of afterCommit) await work();
  }
}
