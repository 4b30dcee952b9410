#!/usr/bin/env node
// `npm test`: lint, typecheck, then every test suite this machine can run, and one line for each it cannot.
// The browser journeys run in a vitest process of their own beside the other suites (docs/decisions/025).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(chromePath);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

function run(title, command, args, env = {}) {
  console.log(`\n> ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!run('lint', npx, ['eslint', '.', '--max-warnings=0'])) process.exit(1);
if (!run('typecheck', npx, ['tsc', '-b'])) process.exit(1);

const serverProjects = ['pglite', 'web'];
const skipped = [];
if (hasPostgres) serverProjects.push('postgres');
else skipped.push('the integration suite on PostgreSQL: TEST_DATABASE_URL is not set');
const runs = [{ projects: serverProjects }];
if (hasChromium) {
  if (!run('build the web app for the browser journeys', npm, ['run', 'build'])) process.exit(1);
  runs.push({ projects: ['e2e'] });
} else {
  skipped.push(`the browser journeys: no Chromium at ${chromePath} (set CHROME_PATH)`);
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-test-'));

/**
 * One vitest process for the given projects, writing its JSON summary to its own file. The first
 * streams its output as it comes; the others keep theirs until it is done, so no two runs' lines mix.
 * Only the first keeps vitest's results cache (the file durations that put the longest files first):
 * each process rewrites the whole cache file as it read it at its start, so the last one to end would
 * put back the other's old durations.
 */
function vitest({ projects }, index) {
  const report = path.join(reportDir, `${projects.join('-')}.json`);
  const child = spawn(
    npx,
    [
      'vitest',
      'run',
      ...projects.flatMap((name) => ['--project', name]),
      ...(index === 0 ? [] : ['--no-cache']),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: ['ignore', index === 0 ? 'inherit' : 'pipe', index === 0 ? 'inherit' : 'pipe'], env: { ...process.env, CHROME_PATH: chromePath } },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => child.on('close', (status) => resolve(status === 0)));
  return { projects, report, done, output: () => output };
}

console.log(`\n> tests: ${runs.map(({ projects }) => projects.join(', ')).join(' | beside them: ')}`);
const started = runs.map(vitest);
const results = [];
for (const { projects, done, output } of started) {
  const passed = await done;
  if (output()) {
    console.log(`\n> tests: ${projects.join(', ')} (ran beside the above)`);
    process.stdout.write(output());
  }
  results.push(passed);
}

console.log('');
for (const reason of skipped) console.log(`Skipped ${reason}.`);
const missing = started.filter(({ report }) => !fs.existsSync(report));
for (const { projects } of missing) console.log(`No test summary from ${projects.join(', ')}: that run stopped before writing one.`);
if (missing.length === 0) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const { report } of started) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    totals.skipped += numPendingTests + numTodoTests;
  }
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}
process.exit(results.every(Boolean) ? 0 : 1);
