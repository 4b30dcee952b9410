import type { Session } from '../auth/service.ts';

/** Moderators and admins: they see what members reported, hidden listings and evidence included. */
export async function isStaff(session: Session): Promise<boolean> {
  return (await session.user()).role !== 'member';
}
