import type { Role } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/index.ts';
import { registerMember, type Member } from './members.ts';

/** A member given a role straight in the database, as an operator's command would. */
export async function registerStaff(app: FastifyInstance, role: Exclude<Role, 'member'>, displayName = `A ${role}`): Promise<Member> {
  const member = await registerMember(app, { displayName });
  await app.services.database.db.update(users).set({ role }).where(eq(users.id, member.user.id));
  return { ...member, user: { ...member.user, role } };
}
