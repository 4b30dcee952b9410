import { ROLES, type Role } from '@swapyard/contract';
import pino from 'pino';
import { databaseTarget, openEventBus } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { CommandError } from '../lib/command-line.ts';
import { AuditService } from '../modules/audit/service.ts';
import { COMMAND_LINE_ACTOR, RolesService } from '../modules/roles/service.ts';

const isRole = (text: string): text is Role => (ROLES as readonly string[]).includes(text);
const withArticle = (role: Role) => `${role === 'admin' ? 'an' : 'a'} ${role}`;

/**
 * Gives the member with this email the role, on the database the config names, through the same
 * rules as the Members page (the last admin stays one) and with the same audit entry. On PGlite it
 * takes the data directory's lock, so it refuses while a server has it; PostgreSQL takes any number.
 */
export async function setRoleByEmail(config: Config, email: string, role: string): Promise<string> {
  if (!isRole(role)) throw new CommandError(`Unknown role '${role}': use one of ${ROLES.join(', ')}.`);
  const database = await openDatabase(databaseTarget(config), { warn: () => undefined });
  let bus: EventBus | undefined;
  try {
    // On PostgreSQL the running servers hear the change, and the member's open tabs show it at once.
    bus = await openEventBus(database, pino({ level: 'warn' }));
    const roles = new RolesService(database.db, new AuditService(database.db), bus);
    const member = await roles.memberByEmail(email);
    if (!member) throw new CommandError(`No account has the email ${email}.`);
    if (member.role === role) return `${member.email} is already ${withArticle(role)}; nothing changed.`;
    try {
      await roles.changeRole(COMMAND_LINE_ACTOR, member.id, role);
    } catch (error) {
      throw error instanceof AppError ? new CommandError(error.message) : error;
    }
    return `${member.email} is now ${withArticle(role)} (was ${withArticle(member.role)}).`;
  } finally {
    await bus?.close();
    await database.close();
  }
}
