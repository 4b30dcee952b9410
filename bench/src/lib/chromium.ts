import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './http.ts';

export interface Chromium {
  /** The DevTools port, for Lighthouse. */
  port: number;
  close(): Promise<void>;
}

/** A headless Chromium with remote debugging on a free port; the port is read from DevToolsActivePort. */
export async function launchChromium(executable: string): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-chromium-'));
  const child = spawn(
    executable,
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--no-first-run', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) break;
    if (fs.existsSync(portFile)) {
      const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { port, close };
    }
    await sleep(100);
  }
  await close();
  throw new Error(`${executable} did not open a DevTools port`);
}
