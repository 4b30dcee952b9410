#!/usr/bin/env node
// `npm test`: lint, typecheck, then every test suite this machine can run, and one line for each it cannot.
import { spawnSync } from 'node:child_process';
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

const projects = ['pglite', 'web'];
const skipped = [];
if (hasPostgres) projects.push('postgres');
else skipped.push('the integration suite on PostgreSQL: TEST_DATABASE_URL is not set');
const hasCaddy = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
if (hasPostgres && !hasCaddy) {
  skipped.push('three instances behind a proxy (server/src/behind-a-proxy.postgres.test.ts): no caddy binary on PATH (Debian: apt-get install caddy)');
}
if (hasChromium) {
  if (!run('build the web app (for the browser journeys) and the server', npm, ['run', 'build'])) process.exit(1);
  projects.push('e2e');
} else {
  skipped.push(`the browser journeys: no Chromium at ${chromePath} (set CHROME_PATH)`);
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-test-')), 'vitest.json');
const passed = run(
  `tests: ${projects.join(', ')}`,
  npx,
  [
    'vitest',
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { CHROME_PATH: chromePath },
);

console.log('');
for (const reason of skipped) console.log(`Skipped ${reason}.`);
if (fs.existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  // A file that fails to load, or in a hook, fails no test of its own: counted apart, so "0 failed" never hides it.
  const failedFiles = testResults.filter((file) => file.status === 'failed').length;
  const files = failedFiles > 0 ? ` (${failedFiles} test file${failedFiles === 1 ? '' : 's'} failed)` : '';
  console.log(`Tests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped${files}`);
}
process.exit(passed ? 0 : 1);
