import type { Proposal } from '@swapyard/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, proposals } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { createItem, itemInput } from '../../test/items.ts';
import { registerMember, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { createProposal } from '../../test/proposals.ts';

const PAIRS = 24;

let app: FastifyInstance;
let base: string;
let receiver: Member;
let sender: Member;

/** PGlite runs one transaction at a time and would hide the race: this runs on PostgreSQL only. */
beforeAll(async () => {
  ({ app } = await buildTestApp());
  receiver = await registerMember(app, { displayName: 'Ann Receiver' });
  sender = await registerMember(app, { displayName: 'Ben Sender' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app.close();
});

/** Each proposal asks for one of the receiver's items and offers one of the sender's, worth 10. */
async function offers(count: number) {
  const made: { proposal: Proposal; offered: string }[] = [];
  for (let i = 0; i < count; i++) {
    const wanted = await createItem(app, receiver, { title: `Wanted ${i}` });
    const offered = await createItem(app, sender, { title: `Offered ${i}`, value: '10' });
    made.push({ proposal: await createProposal(app, sender, wanted.id, { offerItemId: offered.id }), offered: offered.id });
  }
  return made;
}

const accept = (proposal: Proposal) =>
  fetch(`${base}/api/proposals/${proposal.id}/accept`, { method: 'POST', headers: { origin: TEST_ORIGIN, cookie: receiver.cookie } });

function raiseValue(itemId: string) {
  const form = multipart(itemInput({ title: 'Offered, now dearer', value: '99' }));
  return fetch(`${base}/api/items/${itemId}`, {
    method: 'PUT',
    headers: { origin: TEST_ORIGIN, cookie: sender.cookie, 'content-type': form.contentType },
    body: new Uint8Array(form.body),
  });
}

const remove = (itemId: string) =>
  fetch(`${base}/api/items/${itemId}`, { method: 'DELETE', headers: { origin: TEST_ORIGIN, cookie: sender.cookie } });

describe('an accept racing a change to the offered item', () => {
  it('either swaps the item as it was offered or withdraws the proposal, never both', async () => {
    const made = await offers(PAIRS);

    const results = await Promise.all(
      made.map(async ({ proposal, offered }) => {
        const [accepted, edited] = await Promise.all([accept(proposal), raiseValue(offered)]);
        return { proposal, offered, accepted: accepted.status, edited: edited.status };
      }),
    );

    const db = app.services.database.db;
    const rows = await db.select().from(items).where(inArray(items.id, made.map((entry) => entry.offered)));
    for (const { proposal, offered, accepted, edited } of results) {
      const item = rows.find((row) => row.id === offered)!;
      const [stored] = await db.select().from(proposals).where(eq(proposals.id, proposal.id));
      if (accepted === 200) {
        // The accept came first: the swapped item is exactly what was offered, and the edit was refused.
        expect({ edited, value: item.value, title: item.title, status: stored?.status }).toEqual({
          edited: 400,
          value: 10,
          title: proposal.offerItem!.title,
          status: 'accepted',
        });
      } else {
        expect({ accepted, edited, value: item.value, status: stored?.status }).toEqual({ accepted: 409, edited: 200, value: 99, status: 'cancelled' });
      }
    }
  });

  it('never swaps an item that the sender removed', async () => {
    const made = await offers(PAIRS);

    const results = await Promise.all(
      made.map(async ({ proposal, offered }) => {
        const [accepted, removed] = await Promise.all([accept(proposal), remove(offered)]);
        return { accepted: accepted.status, removed: removed.status };
      }),
    );

    for (const { accepted, removed } of results) {
      // The accept came first and the swapped item cannot be deleted, or the item went and the proposal with it.
      expect([{ accepted: 200, removed: 400 }, { accepted: 409, removed: 204 }]).toContainEqual({ accepted, removed });
    }
  });
});
