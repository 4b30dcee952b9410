import { simpleParser } from 'mailparser';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes the message SMTP would carry: multipart/alternative with both parts and the extra headers', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapyard-outbox-'));
    dirs.push(outboxDir);
    const mailer = createMailer({ smtpUrl: undefined, from: 'Swapyard <no-reply@example.org>', outboxDir }, pino({ enabled: false }));

    await mailer.send({
      to: 'ann@example.org',
      subject: 'New swap proposal · Elm Street',
      text: 'Open it: https://swap.example.org/proposals/1',
      html: '<p>Open <a href="https://swap.example.org/proposals/1">it</a></p>',
      headers: { 'List-Unsubscribe': '<https://swap.example.org/api/unsubscribe/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });

    const [file] = await fs.readdir(outboxDir);
    const raw = await fs.readFile(path.join(outboxDir, file!));
    expect(raw.toString()).toMatch(/Content-Type: multipart\/alternative/);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('New swap proposal · Elm Street');
    expect(parsed.text?.trim()).toBe('Open it: https://swap.example.org/proposals/1');
    expect(parsed.html).toContain('<a href="https://swap.example.org/proposals/1">it</a>');
    expect(parsed.headerLines.map((header) => header.line)).toEqual(
      expect.arrayContaining(['List-Unsubscribe: <https://swap.example.org/api/unsubscribe/t>', 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']),
    );
  });
});
