import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { TEST_ORIGIN } from '../test/build-test-app.ts';
import { crash, createStore, killAllServers, listening, startServer, type CrashStore, type ServerProcess } from '../test/crash/server-process.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../test/smtp.ts';
import * as repo from './repository.ts';

const MAILS = 300;
/** Each kill waits for this many more mails to reach the SMTP server: some sent, most still due. */
const KILL_EVERY = 100;
const KILLS = 2;

let store: CrashStore | undefined;
let smtp: TestSmtp | undefined;

afterEach(async () => {
  await killAllServers();
  await store?.dispose();
  store = undefined;
  await smtp?.stop();
  smtp = undefined;
});

const say = (line: string) => process.stdout.write(`[no-mail-lost-to-crash] ${line}\n`);

function countByRecipient(mails: ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

it('delivers every queued mail although the server is killed with SIGKILL while sending them', async () => {
  smtp = await startSmtp();
  store = await createStore('pglite');
  const tag = randomUUID();
  const recipients = Array.from({ length: MAILS }, (_, n) => `crash-mail-${n}-${tag}@example.com`);
  // Written before the server starts (PGlite is one process's at a time): all of them due at once, as after a busy minute.
  const setup = await store.open();
  await setup.db.transaction(async (tx) => {
    for (const to of recipients) await repo.insertJob(tx, { kind: 'auth.mail', payload: { template: 'passwordChanged', to }, maxAttempts: 8 });
  });
  await setup.close();

  const env = { ...store.env, SMTP_URL: smtp.url, PUBLIC_URL: TEST_ORIGIN };
  let server: ServerProcess = startServer(env);
  for (let kill = 1; kill <= KILLS; kill++) {
    await smtp.waitFor((mails) => mails.length >= kill * KILL_EVERY, 60_000);
    await crash(server);
    const delivered = countByRecipient(smtp.mails).size;
    say(`kill ${kill}: ${smtp.mails.length} mails received, ${delivered} of ${MAILS} recipients`);
    expect(delivered, 'the kill came while mails were still due').toBeLessThan(MAILS);
    server = startServer(env);
    await listening(server);
  }

  await smtp.waitFor((mails) => countByRecipient(mails).size === MAILS, 60_000);
  // A graceful stop lets the last job's row go; then the directory can be opened here again.
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output().slice(-3_000)).toBe(0);
  const after = await store.open();
  const left = await after.db.select().from(jobs);
  await after.close();

  const counts = countByRecipient(smtp.mails);
  const duplicates = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
  // At least once, not exactly once: a kill between the SMTP server's acceptance and the row's deletion sends that mail again.
  say(`${MAILS} recipients, ${smtp.mails.length} mails received: ${duplicates} sent twice after ${KILLS} kills`);
  expect([...counts.keys()].sort()).toEqual([...recipients].sort());
  expect(left, 'no job is left behind, none given up').toEqual([]);
}, 120_000);
