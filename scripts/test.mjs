#!/usr/bin/env node
// `npm test`: lint, typecheck and the build, then every test suite this machine can run, and one line for each it cannot.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(chromePath);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Starts a command; resolves with whether it passed and, if held, what it printed (stdout and stderr, as they came). */
function start(command, args, { hold }) {
  const output = hold ? 'pipe' : 'inherit';
  const child = spawn(command, args, { stdio: ['ignore', output, output], env: { ...process.env, CHROME_PATH: chromePath } });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ passed: status === 0, output: Buffer.concat(held) })));
}

const projects = ['pglite', 'web'];
const skipped = [];
if (hasPostgres) projects.push('postgres');
else skipped.push('the integration suite on PostgreSQL: TEST_DATABASE_URL is not set');
const hasCaddy = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
if (hasPostgres && !hasCaddy) {
  skipped.push('three instances behind a proxy (server/src/behind-a-proxy.postgres.test.ts): no caddy binary on PATH (Debian: apt-get install caddy)');
}
if (hasChromium) projects.push('e2e');
else skipped.push(`the browser journeys: no Chromium at ${chromePath} (set CHROME_PATH)`);

// Lint, typecheck and the build only read the sources (tsc emits nothing), so they run at once;
// each one's output is printed whole, in this order.
const checks = [
  ['lint', start(npx, ['eslint', '.', '--max-warnings=0'], { hold: true })],
  ['typecheck', start(npx, ['tsc', '-b'], { hold: true })],
  ...(hasChromium ? [['build the web app (for the browser journeys) and the server', start(npm, ['run', 'build'], { hold: true })]] : []),
];
let checked = true;
for (const [title, check] of checks) {
  const { passed, output } = await check;
  console.log(`\n> ${title}`);
  process.stdout.write(output);
  checked &&= passed;
}
if (!checked) process.exit(1);

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-test-'));

/** One vitest run of the given projects, with its JSON report in `reports`; resolves with whether it passed and what it printed, if held. */
function vitest(name, projectNames, { hold }) {
  const args = ['vitest', 'run', ...projectNames.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];
  return start(npx, args, { hold });
}

// The browser journeys run one file at a time (each starts a server and Chromium), so they run beside
// the other suites instead of before them (docs/decisions/041). Their output is held and printed whole
// after the others', so the two never interleave.
console.log(`\n> tests: ${projects.join(', ')}${hasChromium ? ' (e2e beside the others, printed after them)' : ''}`);
const journeys = hasChromium ? vitest('e2e', ['e2e'], { hold: true }) : undefined;
const suites = await vitest('suites', projects.filter((name) => name !== 'e2e'), { hold: false });
const runs = [suites];
if (journeys) {
  console.log('\n> e2e');
  const journeyRun = await journeys;
  process.stdout.write(journeyRun.output);
  runs.push(journeyRun);
}

console.log('');
for (const reason of skipped) console.log(`Skipped ${reason}.`);
const results = fs.readdirSync(reports).map((file) => JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8')));
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
// A file that fails to load, or in a hook, fails no test of its own: counted apart, so "0 failed" never hides it.
const failedFiles = results.flatMap((result) => result.testResults).filter((file) => file.status === 'failed').length;
const files = failedFiles > 0 ? ` (${failedFiles} test file${failedFiles === 1 ? '' : 's'} failed)` : '';
console.log(`Tests: ${total('numPassedTests')} passed, ${total('numFailedTests')} failed, ${total('numPendingTests') + total('numTodoTests')} skipped${files}`);
// A run that wrote no report (it stopped before its tests) fails without a line here: its own output says why.
process.exit(runs.every((run) => run.passed) ? 0 : 1);
