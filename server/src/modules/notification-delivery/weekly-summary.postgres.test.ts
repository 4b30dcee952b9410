import { NOTIFICATION_DEFAULTS } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { MAIL_TEXT } from './mail-texts.ts';

const MEMBERS = 20;

let smtp: TestSmtp;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtp();
  const first = await buildTestApp({}, { smtpUrl: smtp.url });
  a = first.app;
  // The second instance: same config (the same SMTP server), same PostgreSQL database.
  b = await buildApp(first.config, { database: await openDatabase({ engine: 'postgres', url: a.services.database.url! }, { warn: () => undefined }) });
});

afterAll(async () => {
  await b.close();
  await a.close();
  await smtp.stop();
});

it('sends one summary per member when two instances sweep at the same moment, again and again', async () => {
  const tag = randomUUID().slice(0, 8);
  const members: Member[] = [];
  for (let n = 0; n < MEMBERS; n++) {
    const member = await registerMember(a, { displayName: `Member ${String(n)} ${tag}` });
    const response = await send(a, 'PUT', '/api/me/notification-preferences', { cookie: member.cookie, body: { ...NOTIFICATION_DEFAULTS, weeklySummary: true } });
    expect(response.statusCode).toBe(200);
    members.push(member);
  }
  await createItem(a, await registerMember(a), { title: `News ${tag}` });

  const claimed = await Promise.all([a, b, a, b].map((instance) => instance.services.weeklySummaries.sweep()));
  expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(MEMBERS);
  await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);

  // Once no summary job is left, no worker holds one it could still send again.
  await expect.poll(() => a.services.database.db.select().from(jobs).where(eq(jobs.kind, 'notify.weekly-summary')), { timeout: 10_000 }).toEqual([]);

  const subject = MAIL_TEXT.weeklySummary.subject({ community: (await a.services.community.settings()).name });
  const emails = new Set(members.map((member) => member.user.email));
  const recipients = smtp.mails.filter((mail) => mail.parsed.subject === subject && mail.to.some((to) => emails.has(to))).flatMap((mail) => mail.to);
  expect(recipients.sort()).toEqual([...emails].sort());
});
