import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { commandArguments, runCommand } from '../lib/command-line.ts';
import { outcomeLine, seedConfiguredDatabase } from './seeding-app.ts';

const demoDir = fileURLToPath(new URL('../../../demo-data', import.meta.url));
const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * `npm run demo`: the demo community in ./demo-data (seeded the first time), served by the real
 * server. The demo is self-contained whatever the environment says: its own PGlite and uploads, never
 * the operator's PostgreSQL or bucket.
 */
runCommand(async () => {
  const { values } = commandArguments(process.argv.slice(2), { force: { type: 'boolean', default: false } }, 0, 'npm run demo [-- --force]');
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('S3_')),
  );
  env.DATA_DIR = demoDir;
  const config = loadConfig(env);

  const fresh = !fs.existsSync(demoDir) || fs.readdirSync(demoDir).length === 0;
  if (fresh) process.stdout.write(`Seeding the demo community into ${path.relative(process.cwd(), demoDir) || demoDir} (the first run takes a minute)...\n`);
  try {
    process.stdout.write(`${outcomeLine(await seedConfiguredDatabase(config, values.force ?? false))}\n`);
  } catch (error) {
    // Half a community would count as seeded next time: start over instead.
    if (fresh) fs.rmSync(demoDir, { recursive: true, force: true });
    throw error;
  }
  process.stdout.write(`Starting the demo on http://localhost:${config.port} ...\n`);

  // In a process group of its own, the server hears a Ctrl-C (or a supervisor's signal to the group)
  // once, from here: a second signal would cut its graceful shutdown short.
  const server = spawn(process.execPath, [...process.execArgv, mainScript], { env, stdio: 'inherit', detached: true });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await new Promise<number>((resolve) => server.once('exit', (exitCode) => resolve(exitCode ?? 1)));
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  process.exitCode = code;
});
