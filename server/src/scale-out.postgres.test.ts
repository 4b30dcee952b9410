import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from './test/crash/load.ts';
import { listItem, openTab, received, signUp } from './test/crash/member-client.ts';
import { startInstances, type Instances } from './test/crash/instances.ts';
import type { TestS3 } from './test/s3.ts';

/** Two instances, no proxy in front: any instance can answer any request, so no sticky sessions are needed. */
let instances: Instances;
let s3: TestS3;
let one: string;
let two: string;

beforeAll(async () => {
  instances = await startInstances(2);
  s3 = instances.s3;
  [one, two] = instances.origins as [string, string];
  for (const server of instances.servers) expect(server.output()).toContain(`images are stored in S3 bucket ${s3.bucket} at ${s3.endpoint}`);
}, 120_000);

afterAll(() => instances?.stop());

const objectKey = (url: string) => url.replace('/api/images/', '');

describe('two server processes on one PostgreSQL and one S3 bucket', () => {
  it('runs a listing, a proposal, a swap and a chat across them, and a deleted listing leaves the bucket', async () => {
    const ann = await signUp(one, 'Ann');
    const ben = await signUp(two, 'Ben');
    const annTab = await openTab(one, ann);
    const benTab = await openTab(two, ben);

    // Ann lists on instance 1; Ben, on instance 2, hears of it, sees it and loads its image.
    const lamp = await listItem(one, ann, 'Brass lamp', 1);
    await received(benTab, { type: 'items.created', data: { itemId: lamp.id, ownerId: ann.id } });
    const seen = await http(two, 'GET', `/api/items/${lamp.id}`, { cookie: ben.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ item: { title: 'Brass lamp', status: 'available', owner: { id: ann.id } } });
    const image = await fetch(`${two}${lamp.images[0]!.url}`, { headers: { cookie: ben.cookie } });
    const bytes = Buffer.from(await image.arrayBuffer());
    expect({
      status: image.status,
      type: image.headers.get('content-type'),
      nosniff: image.headers.get('x-content-type-options'),
      cache: image.headers.get('cache-control'),
      webp: bytes.subarray(8, 12).toString('latin1'),
    }).toEqual({ status: 200, type: 'image/webp', nosniff: 'nosniff', cache: 'private, max-age=31536000, immutable', webp: 'WEBP' });

    // Ben proposes on instance 2; Ann accepts on instance 1; Ben sees the result through instance 2.
    const proposed = await http(two, 'POST', '/api/proposals', {
      cookie: ben.cookie,
      json: { itemId: lamp.id, pointsOffer: 30, message: 'Would 30 points do?' },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const proposalId = (proposed.body as { proposal: { id: string } }).proposal.id;
    await received(annTab, { type: 'proposals.updated', data: { proposalId, status: 'pending' } });

    const accepted = await http(one, 'POST', `/api/proposals/${proposalId}/accept`, { cookie: ann.cookie });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await received(benTab, { type: 'proposals.updated', data: { proposalId, status: 'accepted' } });
    await received(benTab, { type: 'points.updated', data: { userId: ben.id, points: 70 } });
    await received(annTab, { type: 'points.updated', data: { userId: ann.id, points: 130 } });
    expect((await http(two, 'GET', '/api/me', { cookie: ben.cookie })).body).toMatchObject({ user: { points: 70 } });
    expect((await http(two, 'GET', `/api/proposals/${proposalId}`, { cookie: ben.cookie })).body).toMatchObject({
      proposal: { status: 'accepted', item: { id: lamp.id, status: 'swapped' } },
    });

    // A message sent through one instance reaches the other member's socket on the other.
    const opened = await http(two, 'POST', '/api/conversations', { cookie: ben.cookie, json: { otherUserId: ann.id, itemId: lamp.id } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const conversationId = (opened.body as { conversation: { id: string } }).conversation.id;
    const fromBen = await http(two, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: ben.cookie,
      json: { clientId: randomUUID(), text: 'When can I pick it up?' },
    });
    expect(fromBen.status, JSON.stringify(fromBen.body)).toBe(200);
    const benMessageId = (fromBen.body as { message: { id: string } }).message.id;
    await received(annTab, { type: 'messages.created', data: { conversationId, messageId: benMessageId, senderId: ben.id } });
    const fromAnn = await http(one, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: ann.cookie,
      json: { clientId: randomUUID(), text: 'Saturday morning.' },
    });
    const annMessageId = (fromAnn.body as { message: { id: string } }).message.id;
    await received(benTab, { type: 'messages.created', data: { conversationId, messageId: annMessageId, senderId: ann.id } });

    // A listing made on instance 1 and deleted through instance 2 leaves nothing in the bucket.
    const chair = await listItem(one, ann, 'Folding chair', 2);
    const chairObjects = chair.images.flatMap((i) => [objectKey(i.url), objectKey(i.thumbUrl)]);
    expect(await s3.keys()).toEqual(expect.arrayContaining(chairObjects));
    const deleted = await fetch(`${two}/api/items/${chair.id}`, { method: 'DELETE', headers: { origin: two, cookie: ann.cookie } });
    expect(deleted.status).toBe(204);
    const left = await s3.keys();
    expect(left.filter((key) => chairObjects.includes(key))).toEqual([]);
    expect(left).toContain(objectKey(lamp.images[0]!.url));
    expect((await fetch(`${one}${chair.images[0]!.url}`, { headers: { cookie: ann.cookie } })).status).toBe(404);
    await received(benTab, { type: 'items.deleted', data: { itemId: chair.id, ownerId: ann.id } });

    // Nothing was written to either instance's own directory: the bucket holds every image.
    for (const dir of instances.dataDirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    annTab.close();
    benTab.close();
  }, 120_000);

  it('holds a block made on one instance on the other within a second: nothing gets through, and the listing is gone', async () => {
    const cara = await signUp(one, 'Cara');
    const dev = await signUp(two, 'Dev');
    const devsBike = await listItem(two, dev, 'Bike', 1);
    const carasDesk = await listItem(one, cara, 'Desk', 1);
    const opened = await http(two, 'POST', '/api/conversations', { cookie: dev.cookie, json: { otherUserId: cara.id } });
    const conversationId = (opened.body as { conversation: { id: string } }).conversation.id;

    const blocked = await http(one, 'POST', '/api/blocks', { cookie: cara.cookie, json: { userId: dev.id } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const since = Date.now();

    const message = await http(two, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: dev.cookie,
      json: { clientId: randomUUID(), text: 'Are you there?' },
    });
    const proposal = await http(two, 'POST', '/api/proposals', { cookie: dev.cookie, json: { itemId: carasDesk.id, pointsOffer: 1, message: 'Swap?' } });
    const carasMarketplace = await http(two, 'GET', '/api/items', { cookie: cara.cookie });
    expect(Date.now() - since).toBeLessThan(1_000);

    for (const refused of [message, proposal]) {
      expect(refused.body).toEqual({ error: { code: 'FORBIDDEN', message: TEXT.blocks.refused } });
    }
    expect((carasMarketplace.body as { items: { id: string }[] }).items.map((item) => item.id)).not.toContain(devsBike.id);
  }, 60_000);
});
