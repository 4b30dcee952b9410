import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, RELAXED_RATE_LIMITS, TEST_ORIGIN } from '../test/build-test-app.ts';
import { createItem } from '../test/items.ts';
import { registerMember, type Member } from '../test/members.ts';

const DECLARED_BYTES = 40 * 1024 * 1024;
const SENT_BYTES = 64 * 1024;

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

interface Refusal {
  head: string;
  body: string;
  /** Whether the server closed the connection while the sender still had most of the body to send. */
  closedEarly: boolean;
}

/**
 * Declares a 40 MB upload, sends its first 64 KB and then nothing more. A server that read the
 * body before checking would wait for the rest; one that checks first answers and hangs up.
 */
function startUpload(method: 'POST' | 'PUT', path: string, cookie?: string): Promise<Refusal> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    const finish = (closedEarly: boolean) => {
      clearTimeout(patience);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ head, body, closedEarly });
    };
    // Far longer than an answer takes on a loaded machine; a server still reading never closes.
    const patience = setTimeout(() => finish(false), 15_000);
    socket.on('close', () => finish(true));
    socket.write(
      [
        `${method} ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${TEST_ORIGIN}`,
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        'Content-Type: multipart/form-data; boundary=----upload',
        `Content-Length: ${DECLARED_BYTES}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(Buffer.alloc(SENT_BYTES, 'a'));
  });
}

const statusOf = (refusal: Refusal) => Number(refusal.head.split(' ')[1]);

describe('an upload nobody may send', () => {
  it('is refused at once when signed out, on every route that takes files, and the connection is closed', async () => {
    ({ app } = await buildTestApp());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const owner = await registerMember(app);
    const item = await createItem(app, owner);
    const routes: ['POST' | 'PUT', string, string][] = [
      ['POST', '/api/items', TEXT.items.loginRequired],
      ['PUT', `/api/items/${item.id}`, TEXT.auth.required],
      ['PUT', '/api/me/photo', TEXT.auth.required],
      ['POST', `/api/conversations/${item.id}/images`, TEXT.auth.required],
      ['POST', `/api/proposals/${item.id}/problems/with-photos`, TEXT.auth.required],
    ];

    for (const [method, path, message] of routes) {
      const refusal = await startUpload(method, path);
      expect({ path, status: statusOf(refusal), message: JSON.parse(refusal.body).error.message, closedEarly: refusal.closedEarly }).toEqual({
        path,
        status: 401,
        message,
        closedEarly: true,
      });
    }
  });

  it('is refused at once when the member is over the upload limit', async () => {
    ({ app } = await buildTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, uploadsPerMember: { max: 1, windowMs: 60_000 } } }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const member: Member = await registerMember(app);
    await createItem(app, member);

    const refusal = await startUpload('POST', '/api/items', member.cookie);

    expect({ status: statusOf(refusal), code: JSON.parse(refusal.body).error.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });
});
