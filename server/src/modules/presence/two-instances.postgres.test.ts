import { describe, expect, it } from 'vitest';
import { registerMember, send, type Member } from '../../test/members.ts';
import { openSocket, presenceHeard, watchPresence } from '../../test/sockets.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

const instances = useTwoInstances();

describe('presence on two instances on one PostgreSQL', () => {
  it("reaches a partner's chat on the other instance, and no stranger's tab there", async () => {
    const { a, b } = instances();
    const ann: Member = await registerMember(b, { displayName: 'Ann' });
    const ben: Member = await registerMember(a, { displayName: 'Ben' });
    const cleo: Member = await registerMember(a, { displayName: 'Cleo' });
    const dora: Member = await registerMember(a, { displayName: 'Dora' });
    await send(a, 'POST', '/api/conversations', { cookie: ben.cookie, body: { otherUserId: ann.user.id } });
    await send(a, 'POST', '/api/conversations', { cookie: cleo.cookie, body: { otherUserId: dora.user.id } });
    const benTab = await openSocket(a, { cookie: ben.cookie });
    const cleoTab = await openSocket(a, { cookie: cleo.cookie });
    watchPresence(benTab, [ann.user.id]);
    watchPresence(cleoTab, [ann.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toEqual([{ userId: ann.user.id, online: false, lastSeenAt: null }]);

    const annTab = await openSocket(b, { cookie: ann.cookie });
    await expect.poll(() => presenceHeard(benTab).at(-1)).toEqual({ userId: ann.user.id, online: true, lastSeenAt: null });
    annTab.socket.close();
    await expect.poll(() => presenceHeard(benTab).at(-1)).toEqual({ userId: ann.user.id, online: false, lastSeenAt: expect.any(String) });

    // Ben's tab heard both changes through PostgreSQL; Cleo's, on the same instance, was refused the
    // watch: the answer to her next one comes after anything sent to her tab before it.
    watchPresence(cleoTab, [dora.user.id]);
    await expect.poll(() => presenceHeard(cleoTab)).toEqual([{ userId: dora.user.id, online: false, lastSeenAt: null }]);
    benTab.socket.close();
    cleoTab.socket.close();
  });
});
