import { TEXT, type Proposal } from '@swapyard/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createItem } from '../../test/items.ts';
import { registerMember } from '../../test/members.ts';
import { acceptedDaysAgo, answer, createProposal } from '../../test/proposals.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

const SWAPS = 12;

const instances = useTwoInstances();
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
beforeAll(() => {
  ({ a: instanceA, b: instanceB } = instances());
});

describe('hand-over reminders across two instances', () => {
  it('go out once per member and swap when both instances sweep at the same moment, again and again', async () => {
    const owner = await registerMember(instanceA, { displayName: 'Ann Owner' });
    const sender = await registerMember(instanceA, { displayName: 'Ben Sender' });
    const swaps: Proposal[] = [];
    for (let i = 0; i < SWAPS; i++) {
      const item = await createItem(instanceA, owner, { title: `Reminder item ${String(i)}` });
      const proposal = await createProposal(instanceA, sender, item.id);
      expect((await answer(instanceA, owner, proposal.id, 'accept')).statusCode).toBe(200);
      await acceptedDaysAgo(instanceA, proposal.id, 4);
      swaps.push(proposal);
    }

    const sweeps = await Promise.all(
      [instanceA, instanceB, instanceA, instanceB].map((instance) => instance.services.proposals.remindHandovers()),
    );

    expect(sweeps.reduce((sum, sent) => sum + sent, 0)).toBe(SWAPS * 2);
    const sent = await instanceA.services.database.db
      .select({ userId: notifications.userId, proposalId: notifications.proposalId })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, TEXT.notifications.handoverReminder),
          inArray(
            notifications.proposalId,
            swaps.map((swap) => swap.id),
          ),
        ),
      );
    const reminded = sent.map((row) => `${row.userId}/${String(row.proposalId)}`);
    expect(reminded.length).toBe(SWAPS * 2);
    expect(new Set(reminded).size).toBe(SWAPS * 2);
  });
});
