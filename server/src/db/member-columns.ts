import { users } from './schema/index.ts';

/** What the staff pages know of a member, read alike by the roles and suspensions modules, which each add their own columns. */
export const staffMemberColumns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
};
