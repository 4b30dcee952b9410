import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for the API, with the test window's address set to
 * it: the code under test makes its real same-origin fetches. `answer` decides each reply.
 */
export async function startApiServer(answer: (request: ReceivedRequest) => Answer) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', body: text ? (JSON.parse(text) as unknown) : undefined };
      if (request.path !== '/api/health') received.push(request);
      const { status, body } = request.path === '/api/health' ? { status: 200, body: { status: 'ok' } } : answer(request);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${String(port)}/`);
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
