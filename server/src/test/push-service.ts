import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

/** A push as the push service received it. */
export interface ReceivedPush {
  /** The path of the endpoint it was sent to: which device. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The push service's name: the server refuses an endpoint that names an address or localhost. */
const HOST = 'push.test';

/**
 * A real push service on loopback, over HTTPS as web-push requires: it answers each push with the
 * status the test sets (201, as push services accept) and keeps what it received. Its certificate
 * is made for it by the openssl command; `agent` trusts it, and only it, and finds it at its name.
 */
export interface TestPushService {
  origin: string;
  agent: https.Agent;
  received: ReceivedPush[];
  /** The status every later push is answered with. */
  answerWith(status: number): void;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`, '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  const key = fs.readFileSync(keyFile);
  const cert = fs.readFileSync(certFile);
  fs.rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  let status = 201;
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const lookup: LookupFunction = (hostname, options, callback) => {
    if (hostname !== HOST) {
      callback(Object.assign(new Error(`${hostname} is not the test push service`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  };
  const agent = new https.Agent({ ca: cert, keepAlive: false, lookup });

  return {
    origin: `https://${HOST}:${String(port)}`,
    agent,
    received,
    answerWith: (next) => {
      status = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the JSON it would post. */
export interface TestBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The endpoint's path, as the push service sees it. */
  path: string;
  /** Decrypts a push as the browser would, with its own private key and auth secret. */
  decrypt(push: ReceivedPush): unknown;
}

export function newBrowser(service: TestPushService): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    ecdh,
    authSecret,
    path,
    subscription: { endpoint: `${service.origin}${path}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') } },
    decrypt: (push) => JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')),
  };
}
