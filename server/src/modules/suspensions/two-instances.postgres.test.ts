import { WS_CLOSE, type ItemPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../test/items.ts';
import { registerMember, send } from '../../test/members.ts';
import { openSocket } from '../../test/sockets.ts';
import { registerWithRole } from '../../test/roles.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

const instances = useTwoInstances();
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
beforeAll(() => {
  ({ a: instanceA, b: instanceB } = instances());
});

describe('a suspension across two instances', () => {
  it('made through instance A signs the member out on instance B, closes their socket there and hides their listing, within a second', async () => {
    // The first account on the site is its admin: a founder takes that place, so the moderator can be one.
    await registerMember(instanceA, { displayName: 'Founder' });
    const moderator = await registerWithRole(instanceA, 'moderator');
    const member = await registerMember(instanceB, { displayName: 'Sid' });
    const viewer = await registerMember(instanceB, { displayName: 'Vee' });
    const title = `Lantern ${member.user.id}`;
    const item = await createItem(instanceB, member, { title });
    // Read once on B, so B holds the member's session in its cache: the suspension must reach it there.
    expect((await send(instanceB, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(200);
    const memberTab = await openSocket(instanceB, { cookie: member.cookie });
    const viewerTab = await openSocket(instanceB, { cookie: viewer.cookie });
    const closed = new Promise<number>((resolve) => memberTab.socket.once('close', resolve));

    const suspendedAt = Date.now();
    const suspended = await send(instanceA, 'POST', `/api/admin/members/${member.user.id}/suspension`, {
      cookie: moderator.cookie,
      body: { duration: '7d', reason: 'Across instances' },
    });

    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    await expect
      .poll(async () => (await send(instanceB, 'GET', '/api/me', { cookie: member.cookie })).statusCode, { timeout: 1_000, interval: 10 })
      .toBe(401);
    await expect
      .poll(() => viewerTab.events.find((e) => e.type === 'items.updated'), { timeout: 1_000, interval: 10 })
      .toEqual({ type: 'items.updated', data: { itemId: item.id, ownerId: member.user.id } });
    expect(Date.now() - suspendedAt).toBeLessThan(1_000);
    const page = (await send(instanceB, 'GET', `/api/items?q=${encodeURIComponent(title)}`, { cookie: viewer.cookie })).json<ItemPage>();
    expect(page.items).toEqual([]);
    const refused = await send(instanceB, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });
    expect(refused.statusCode).toBe(403);

    const lifted = await send(instanceB, 'POST', `/api/admin/members/${member.user.id}/suspension/lift`, {
      cookie: moderator.cookie,
      body: { reason: 'Across instances' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await send(instanceA, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } })).statusCode).toBe(200);
    viewerTab.socket.close();
  });
});
