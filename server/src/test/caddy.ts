import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The caddy binary on PATH (Debian's `caddy` package), or undefined. */
export function caddyBinary(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'caddy');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/**
 * What docs/operations.md gives operators, on loopback and plain HTTP, with the active health check
 * every second so that a test sees a dead instance taken out at once. Its timeout is long: on a busy
 * 2-core CI machine a live instance's /api/ready can take over a second, and one late answer would
 * take it out (Caddy 2.6 has no health_fails to ask for several).
 */
function caddyfile(port: number, upstreams: string[]): string {
  return `{
	admin off
	auto_https off
}

http://127.0.0.1:${port} {
	reverse_proxy ${upstreams.map((origin) => new URL(origin).host).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 30s
		max_fails 1
		health_uri /api/ready
		health_interval 1s
		health_timeout 5s
	}
}
`;
}

export interface TestCaddy {
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** Caddy in front of the given origins, on `port`, with its config and state in a temporary directory. */
export async function startCaddy(binary: string, port: number, upstreams: string[]): Promise<TestCaddy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-caddy-'));
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(config, caddyfile(port, upstreams));
  // Caddy keeps its autosaved config and certificate storage under HOME / XDG_*: here, not in the user's home.
  const child = spawn(binary, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const health = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (health?.status === 200) return { origin, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`caddy did not start:\n${output.slice(-5_000)}`);
}
