import { MAX_IMAGE_BYTES, TEXT, type AuditPage, type ItemDetail, type PointEntryPage, type ProposalProblems, type SwapProblemQueuePage } from '@swapyard/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { png, svg } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { multipart, type FilePart } from '../../test/multipart.ts';
import { acceptedDaysAgo, answer, createProposal, errorOf, notificationsOf, pointsOf } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';

let app: FastifyInstance;
let uploadsDir: string;

beforeAll(async () => {
  ({ app, uploadsDir } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

const reportProblem = (member: Member, proposalId: string, body: Record<string, unknown> = {}) =>
  send(app, 'POST', `/api/proposals/${proposalId}/problems`, { cookie: member.cookie, body: { reason: 'no_show', ...body } });
const decide = (moderator: Member, problemId: string, decision: 'dismiss' | 'reverse', reason = 'They never came') =>
  send(app, 'POST', `/api/admin/swap-problems/${problemId}/${decision}`, { cookie: moderator.cookie, body: { reason } });
const get = <T>(member: Member, url: string) => send(app, 'GET', url, { cookie: member.cookie }).then((response) => response.json<T>());

/** An accepted swap: the sender pays `points` and offers an item for the receiver's item. */
async function acceptedSwap(points: number) {
  const sender = await registerMember(app);
  const receiver = await registerMember(app);
  const item = await createItem(app, receiver, { title: `Lamp ${randomUUID()}` });
  const offered = await createItem(app, sender, { title: `Kettle ${randomUUID()}` });
  const proposal = await createProposal(app, sender, item.id, { pointsOffer: points, offerItemId: offered.id });
  expect((await answer(app, receiver, proposal.id, 'accept')).statusCode).toBe(200);
  return { sender, receiver, item, offered, proposal };
}

async function openProblemId(moderator: Member, proposalId: string): Promise<string> {
  const queue = await get<SwapProblemQueuePage>(moderator, '/api/admin/swap-problems?limit=50');
  return queue.problems.find((problem) => problem.proposal.id === proposalId)!.id;
}

const statusOf = async (member: Member, itemId: string) => (await get<{ item: ItemDetail }>(member, `/api/items/${itemId}`)).item.status;

describe('reporting a problem with a swap', () => {
  it('takes one open report per side within the window, and refuses a stranger, a pending proposal and a late report', async () => {
    const { sender, receiver, proposal } = await acceptedSwap(10);
    const stranger = await registerMember(app);
    const first = await reportProblem(sender, proposal.id, { note: 'Waited an hour' });
    expect(first.statusCode).toBe(201);
    expect(first.json().problem).toMatchObject({ reason: 'no_show', note: 'Waited an hour', status: 'open' });
    const before = await fingerprint(app);
    expect(errorOf(await reportProblem(sender, proposal.id))).toBe(TEXT.swapProblems.alreadyReported);
    expect((await reportProblem(stranger, proposal.id)).statusCode).toBe(403);
    expect((await reportProblem(sender, proposal.id, { reason: 'lost' })).statusCode).toBe(400);
    expect((await reportProblem(sender, randomUUID())).statusCode).toBe(404);
    const pendingItem = await createItem(app, receiver);
    const pending = await createProposal(app, await registerMember(app), pendingItem.id);
    const pendingBefore = await fingerprint(app);
    expect(errorOf(await reportProblem(receiver, pending.id))).toBe(TEXT.swapProblems.notAccepted);
    expect(await fingerprint(app.services.database.db)).toBe(pendingBefore);
    expect(before).not.toBe(pendingBefore);
    // The other side may report too; the viewer reads only their own report.
    expect((await reportProblem(receiver, proposal.id, { reason: 'other', note: 'They were rude' })).statusCode).toBe(201);
    const seen = await get<ProposalProblems>(sender, `/api/proposals/${proposal.id}/problems`);
    expect(seen).toEqual({ problems: [expect.objectContaining({ note: 'Waited an hour' })], reversalReason: null });
    expect((await app.services.swapProblems.withOpenOrUpheldProblem([proposal.id])).has(proposal.id)).toBe(true);

    const late = await acceptedSwap(0);
    await app.services.database.db
      .update(proposals)
      .set({ resolvedAt: sql`now() - interval '15 days'` })
      .where(eq(proposals.id, late.proposal.id));
    expect(errorOf(await reportProblem(late.sender, late.proposal.id))).toBe(TEXT.swapProblems.tooLate({ days: 14 }));
    expect((await app.services.swapProblems.withOpenOrUpheldProblem([late.proposal.id])).has(late.proposal.id)).toBe(false);
  });
});

describe('rating a reported swap', () => {
  it('does not open 14 days after Accept while a problem waits for a moderator, and opens once it is dismissed', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const { sender, receiver, proposal } = await acceptedSwap(0);
    const rate = () => send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: sender.cookie, body: { stars: 4 } });
    expect((await reportProblem(receiver, proposal.id)).statusCode).toBe(201);
    await acceptedDaysAgo(app, proposal.id, 15);

    const before = await fingerprint(app);
    expect(errorOf(await rate())).toBe(TEXT.proposals.rateNotYet);
    expect(await fingerprint(app.services.database.db)).toBe(before);
    const held = await get<{ proposal: { ratingOpen: boolean; ratingOpensAt: string | null } }>(sender, `/api/proposals/${proposal.id}`);
    expect(held.proposal).toMatchObject({ ratingOpen: false, ratingOpensAt: null });

    expect((await decide(moderator, await openProblemId(moderator, proposal.id), 'dismiss', 'They came late')).statusCode).toBe(204);
    expect((await get<{ proposal: { ratingOpen: boolean } }>(sender, `/api/proposals/${proposal.id}`)).proposal.ratingOpen).toBe(true);
    expect((await rate()).statusCode).toBe(200);
  });
});

describe('a moderator on a reported swap', () => {
  it('sees it with the whole thread, and dismissing keeps the swap and tells the reporter', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const { sender, receiver, proposal, item } = await acceptedSwap(5);
    await reportProblem(receiver, proposal.id, { reason: 'not_as_described', note: 'Broken' });
    const queue = await get<SwapProblemQueuePage>(moderator, '/api/admin/swap-problems?limit=50');
    const shown = queue.problems.find((problem) => problem.proposal.id === proposal.id)!;
    expect(shown).toMatchObject({ reason: 'not_as_described', note: 'Broken', reporter: { id: receiver.user.id } });
    expect(shown.proposal.thread.map((offer) => offer.id)).toEqual([proposal.id]);
    expect(errorOf(await decide(moderator, shown.id, 'dismiss', ' '))).toBe(TEXT.moderation.reasonRequired);
    expect((await decide(moderator, shown.id, 'dismiss', 'Works as described')).statusCode).toBe(204);
    expect(errorOf(await decide(moderator, shown.id, 'reverse'))).toBe(TEXT.swapProblems.notOpen);
    expect((await get<{ proposal: { status: string } }>(sender, `/api/proposals/${proposal.id}`)).proposal.status).toBe('accepted');
    expect((await notificationsOf(app, receiver))[0]).toMatchObject({
      title: TEXT.swapProblems.dismissedTitle,
      description: TEXT.swapProblems.dismissedBody({ item: item.title, reason: 'Works as described' }),
    });
    expect((await app.services.swapProblems.withOpenOrUpheldProblem([proposal.id])).has(proposal.id)).toBe(false);
    const audit = await get<AuditPage>(moderator, `/api/admin/audit?actorId=${moderator.user.id}`);
    expect(audit.entries[0]).toMatchObject({ action: 'swap_problem_dismissed', targetLabel: item.title, reason: 'Works as described' });
  });

  it('reverses it: points back by new entries, both items available again, both told why, recorded', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const { sender, receiver, proposal, item, offered } = await acceptedSwap(30);
    await reportProblem(sender, proposal.id);
    await reportProblem(receiver, proposal.id, { reason: 'other' });
    const problemId = await openProblemId(moderator, proposal.id);
    const reversed = await decide(moderator, problemId, 'reverse', 'No-show confirmed');
    expect(reversed.json()).toEqual({ moved: 30, shortfall: 0 });
    expect([await pointsOf(app, sender), await pointsOf(app, receiver)]).toEqual([100, 100]);
    expect([await statusOf(sender, item.id), await statusOf(sender, offered.id)]).toEqual(['available', 'available']);
    expect((await get<{ proposal: { status: string; reversedAt: string } }>(sender, `/api/proposals/${proposal.id}`)).proposal).toMatchObject({
      status: 'reversed',
      reversedAt: expect.any(String),
    });
    for (const member of [sender, receiver]) {
      expect((await notificationsOf(app, member))[0]).toMatchObject({
        title: TEXT.swapProblems.reversedTitle,
        description: TEXT.swapProblems.reversedBody({ item: item.title, reason: 'No-show confirmed' }),
        proposalId: proposal.id,
      });
      expect((await get<ProposalProblems>(member, `/api/proposals/${proposal.id}/problems`)).reversalReason).toBe('No-show confirmed');
    }
    // The history keeps the payment and shows the reversal as its own line.
    const history = await get<PointEntryPage>(sender, '/api/points/entries');
    expect(history.entries.slice(0, 2).map((entry) => [entry.reason, entry.amount, entry.balanceAfter])).toEqual([
      ['swap_reversed', 30, 100],
      ['swap_paid', -30, 70],
    ]);
    // The other side's report was answered by the same reversal; nothing is left to reverse twice.
    expect((await get<SwapProblemQueuePage>(moderator, '/api/admin/swap-problems?limit=50')).problems.map((p) => p.proposal.id)).not.toContain(proposal.id);
    expect(errorOf(await decide(moderator, problemId, 'reverse'))).toBe(TEXT.swapProblems.notReversible);
    expect((await app.services.swapProblems.withOpenOrUpheldProblem([proposal.id])).has(proposal.id)).toBe(true);
    // A reversed swap can be neither rated nor handed over, and the items can be swapped anew.
    expect((await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: sender.cookie, body: { stars: 1 } })).statusCode).toBe(400);
    const again = await createProposal(app, sender, item.id, { pointsOffer: 5 });
    expect((await answer(app, receiver, again.id, 'accept')).statusCode).toBe(200);
    const audit = await get<AuditPage>(moderator, `/api/admin/audit?actorId=${moderator.user.id}`);
    expect(audit.entries[0]).toMatchObject({ action: 'swap_reversed', targetLabel: item.title, reason: 'No-show confirmed' });
  });

  it('moves only what the receiver still holds and shows the shortfall, never a negative balance', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const { sender, receiver, proposal, item } = await acceptedSwap(30);
    // The receiver spends all but 10 of their 130 points on another swap.
    const seller = await registerMember(app);
    const other = await createItem(app, seller);
    const spend = await createProposal(app, receiver, other.id, { pointsOffer: 120 });
    expect((await answer(app, seller, spend.id, 'accept')).statusCode).toBe(200);
    await reportProblem(sender, proposal.id);
    const problemId = await openProblemId(moderator, proposal.id);
    expect((await decide(moderator, problemId, 'reverse')).json()).toEqual({ moved: 10, shortfall: 20 });
    expect([await pointsOf(app, sender), await pointsOf(app, receiver)]).toEqual([80, 0]);
    // The lamp is back on the market, so its owner may remove it: the ledger keeps every entry of the swap.
    expect((await send(app, 'DELETE', `/api/items/${item.id}`, { cookie: receiver.cookie })).statusCode).toBe(204);
    const history = await get<PointEntryPage>(sender, '/api/points/entries');
    expect(history.entries.slice(0, 2).map((entry) => [entry.reason, entry.amount, entry.itemTitle])).toEqual([
      ['swap_reversed', 10, null],
      ['swap_paid', -30, null],
    ]);
    await expectLedgerWhole(app.services.database.db);
  });

  it('keeps a moderator off a swap they took part in, and members off the queue', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const item = await createItem(app, moderator);
    const member = await registerMember(app);
    const proposal = await createProposal(app, member, item.id, { pointsOffer: 3 });
    expect((await answer(app, moderator, proposal.id, 'accept')).statusCode).toBe(200);
    await reportProblem(member, proposal.id);
    const colleague = await registerWithRole(app, 'moderator');
    const problemId = await openProblemId(colleague, proposal.id);
    const before = await fingerprint(app);
    expect(errorOf(await decide(moderator, problemId, 'reverse'))).toBe(TEXT.swapProblems.notYours);
    expect((await decide(member, problemId, 'reverse')).statusCode).toBe(404);
    expect((await send(app, 'GET', '/api/admin/swap-problems', { cookie: member.cookie })).statusCode).toBe(404);
    expect((await decide(colleague, randomUUID(), 'dismiss')).statusCode).toBe(404);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});

describe('photos with a problem report', () => {
  const photo = async (): Promise<FilePart> => ({ field: 'photos', name: 'broken.png', bytes: await png(64, 48), type: 'image/png' });
  const reportWithPhotos = (member: Member, proposalId: string, photos: FilePart[]) => {
    const form = multipart({ reason: 'not_as_described', note: 'The lid is cracked' }, photos);
    return send(app, 'POST', `/api/proposals/${proposalId}/problems/with-photos`, {
      cookie: member.cookie,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
  };
  const storedPhotos = (member: Member) => {
    const dir = path.join(uploadsDir, 'problems', member.user.id);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('are shown to the reporter and to moderators, and their addresses to nobody else', async () => {
    const { sender, receiver, proposal } = await acceptedSwap(0);
    const stranger = await registerMember(app);
    const moderator = await registerWithRole(app, 'moderator');

    const response = await reportWithPhotos(sender, proposal.id, [await photo(), await photo()]);

    expect(response.statusCode).toBe(201);
    const { problem } = response.json<{ problem: ProposalProblems['problems'][number] }>();
    expect(problem).toMatchObject({ reason: 'not_as_described', note: 'The lid is cracked', status: 'open' });
    expect(problem.photos).toHaveLength(2);
    expect(storedPhotos(sender)).toHaveLength(4);
    expect((await get<ProposalProblems>(sender, `/api/proposals/${proposal.id}/problems`)).problems[0]!.photos).toEqual(problem.photos);
    const queued = (await get<SwapProblemQueuePage>(moderator, '/api/admin/swap-problems?limit=50')).problems.find((p) => p.id === problem.id);
    expect(queued!.photos).toEqual(problem.photos);
    for (const { url, thumbUrl } of problem.photos) {
      for (const address of [url, thumbUrl]) {
        for (const allowed of [moderator, sender]) {
          const image = await send(app, 'GET', address, { cookie: allowed.cookie });
          expect({ status: image.statusCode, type: image.headers['content-type'] }).toEqual({ status: 200, type: 'image/webp' });
        }
        // Even an address passed on opens for nobody else.
        for (const other of [receiver, stranger]) expect((await send(app, 'GET', address, { cookie: other.cookie })).statusCode).toBe(404);
      }
    }
    // The other side reads only their own reports, a stranger nothing: neither is given an address.
    const otherSide = await send(app, 'GET', `/api/proposals/${proposal.id}/problems`, { cookie: receiver.cookie });
    expect(otherSide.json<ProposalProblems>().problems).toEqual([]);
    const strangers = await send(app, 'GET', `/api/proposals/${proposal.id}/problems`, { cookie: stranger.cookie });
    expect(strangers.statusCode).toBe(403);
    for (const answer of [otherSide, strangers]) expect(answer.body).not.toContain('/api/images/problems/');
  });

  it.each([
    ['an SVG', async () => ({ field: 'photos', name: 'x.svg', bytes: svg, type: 'image/svg+xml' }), 415, TEXT.images.notAnImage],
    ['text named .jpg', async () => ({ field: 'photos', name: 'x.jpg', bytes: Buffer.from('not a photo') }), 415, TEXT.images.notAnImage],
    [
      'a file over 10 MB',
      async () => ({ field: 'photos', name: 'huge.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_IMAGE_BYTES)]) }),
      413,
      TEXT.images.tooLarge,
    ],
  ])('refuse %s next to a good photo, storing no report and no photo', async (_name, bad, status, message) => {
    const { sender, proposal } = await acceptedSwap(0);
    const before = await fingerprint(app);

    const response = await reportWithPhotos(sender, proposal.id, [await photo(), await bad()]);

    expect({ status: response.statusCode, message: errorOf(response) }).toEqual({ status, message });
    expect(await fingerprint(app.services.database.db)).toBe(before);
    expect(storedPhotos(sender)).toEqual([]);
  });

  it('refuse a fifth photo, and a report the member may not make, storing nothing', async () => {
    const { sender, proposal } = await acceptedSwap(0);
    const stranger = await registerMember(app);
    const before = await fingerprint(app);
    const five = await Promise.all([1, 2, 3, 4, 5].map(photo));

    const tooMany = await reportWithPhotos(sender, proposal.id, five);
    const notTheirs = await reportWithPhotos(stranger, proposal.id, [await photo()]);

    expect({ status: tooMany.statusCode, message: errorOf(tooMany) }).toEqual({ status: 400, message: TEXT.swapProblems.tooManyPhotos({ max: 4 }) });
    expect(notTheirs.statusCode).toBe(403);
    expect(await fingerprint(app.services.database.db)).toBe(before);
    expect([...storedPhotos(sender), ...storedPhotos(stranger)]).toEqual([]);
    // A second open report is refused after its photos were read: they are removed again.
    expect((await reportWithPhotos(sender, proposal.id, [await photo()])).statusCode).toBe(201);
    expect(errorOf(await reportWithPhotos(sender, proposal.id, [await photo()]))).toBe(TEXT.swapProblems.alreadyReported);
    expect(storedPhotos(sender)).toHaveLength(2);
  });

  it('are removed from storage with the listing whose reversed swap they were about', async () => {
    const { sender, receiver, item, proposal } = await acceptedSwap(0);
    const moderator = await registerWithRole(app, 'moderator');
    expect((await reportWithPhotos(sender, proposal.id, [await photo()])).statusCode).toBe(201);
    expect((await decide(moderator, await openProblemId(moderator, proposal.id), 'reverse')).statusCode).toBe(200);
    expect(storedPhotos(sender)).toHaveLength(2);

    expect((await send(app, 'DELETE', `/api/items/${item.id}`, { cookie: receiver.cookie })).statusCode).toBe(204);

    expect(storedPhotos(sender)).toEqual([]);
  });
});
