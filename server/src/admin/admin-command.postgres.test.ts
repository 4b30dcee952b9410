import type { CurrentUser } from '@swapyard/contract';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app.ts';
import { registerMember, send } from '../test/members.ts';
import { openSocket } from '../test/sockets.ts';

const run = promisify(execFile);
const command = fileURLToPath(new URL('./admin-command.ts', import.meta.url));
let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

describe('npm run admin -- role on PostgreSQL', () => {
  it('works while a server runs on the database: the member has the role at their next request, and their open tab is told', async () => {
    await registerMember(app);
    const member = await registerMember(app);
    const tab = await openSocket(app, { cookie: member.cookie });

    const { stdout } = await run(process.execPath, ['--import', 'tsx', command, 'role', member.user.email, 'moderator'], {
      env: { PATH: process.env.PATH, DATABASE_URL: app.services.database.url },
    });

    expect(stdout).toBe(`${member.user.email} is now a moderator (was a member).\n`);
    const me = await send(app, 'GET', '/api/me', { cookie: member.cookie });
    expect(me.json<{ user: CurrentUser }>().user.role).toBe('moderator');
    await vi.waitFor(() => {
      expect(tab.events).toContainEqual({ type: 'role.updated', data: { userId: member.user.id, role: 'moderator' } });
    });
    tab.socket.close();
  }, 60_000);
});
