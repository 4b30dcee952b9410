#!/usr/bin/env node
// `npm run test:stress [runs]`: `npm test` several times in a row while a CPU hog keeps every core busy,
// to prove the suite holds on a loaded machine. Stops at the first red run.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';

const runs = Number(process.argv[2] ?? 3);
const cores = os.availableParallelism();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const hasStressNg = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;

// stress-ng from Debian where installed, otherwise one busy node loop per core.
const hogs = hasStressNg
  ? [spawn('stress-ng', ['--cpu', String(cores), '--quiet'], { stdio: 'ignore' })]
  : Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));
console.log(`CPU hog: ${hasStressNg ? `stress-ng --cpu ${cores}` : `${cores} busy node loops`}`);

// The output streams through as it comes; only the summary line is kept for the end.
function npmTest() {
  return new Promise((resolve) => {
    const child = spawn(npm, ['test'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let summary = 'no summary (the run stopped before the tests)';
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4096);
      summary = tail.match(/^Tests: .*$/m)?.[0] ?? summary;
    });
    child.on('close', (status) => resolve({ status, summary }));
  });
}

const summaries = [];
let failed = false;
for (let run = 1; run <= runs && !failed; run += 1) {
  const started = Date.now();
  const { status, summary } = await npmTest();
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  summaries.push(`run ${run}: ${summary} (${minutes} min, exit ${status})`);
  failed = status !== 0;
}
console.log(`\nUnder the CPU hog:\n${summaries.join('\n')}`);
process.exit(failed ? 1 : 0);
