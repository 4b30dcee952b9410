import { once } from 'node:events';
import net from 'node:net';
import { expect, it } from 'vitest';
import { startSmtpServer } from './smtp.ts';

/** Sends one SMTP line and resolves once the server answers with `expectCode`. */
async function say(socket: net.Socket, line: string | undefined, expectCode: string): Promise<void> {
  if (line !== undefined) socket.write(`${line}\r\n`);
  const [answer] = (await once(socket, 'data')) as [Buffer];
  expect(answer.toString()).toMatch(new RegExp(`^${expectCode}`));
}

it('keeps no mail from a client that resets its connection in the middle of one, and stops cleanly', async () => {
  let begun!: () => void;
  const mailBegun = new Promise<void>((resolve) => (begun = resolve));
  const smtp = await startSmtpServer(async (message) => {
    message.once('data', begun);
    await once(message, 'end');
    return 'a whole mail';
  });
  const socket = net.connect(Number(new URL(smtp.url).port), '127.0.0.1');
  await say(socket, undefined, '220');
  await say(socket, 'EHLO crash.test', '250');
  await say(socket, 'MAIL FROM:<from@example.com>', '250');
  await say(socket, 'RCPT TO:<to@example.com>', '250');
  await say(socket, 'DATA', '354');
  socket.write('Subject: cut off\r\n\r\nhalf a mai');
  await mailBegun;
  // A sender killed mid-mail: its kernel answers with a reset, which the server reads as ECONNRESET.
  socket.resetAndDestroy();
  await once(socket, 'close');
  await smtp.stop();
  expect(smtp.mails).toEqual([]);
});
