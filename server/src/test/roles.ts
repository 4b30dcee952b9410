import type { Role } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { COMMAND_LINE_ACTOR } from '../modules/roles/service.ts';
import { registerMember, type Member } from './members.ts';

/** Gives the member a role as the operator's command line does, and returns them with it. */
export async function giveRole(app: FastifyInstance, member: Member, role: Role): Promise<Member> {
  await app.services.roles.changeRole(COMMAND_LINE_ACTOR, member.user.id, role);
  return { ...member, user: { ...member.user, role } };
}

/** A new member with the role: a moderator or an admin of the test's own. */
export async function registerWithRole(app: FastifyInstance, role: Role, displayName?: string): Promise<Member> {
  return giveRole(app, await registerMember(app, displayName ? { displayName } : {}), role);
}
