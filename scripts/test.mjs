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

const skipped = [];
if (!hasPostgres) skipped.push('the integration suite on PostgreSQL: TEST_DATABASE_URL is not set');
const hasCaddy = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
if (hasPostgres && !hasCaddy) {
  skipped.push('three instances behind a proxy (server/src/behind-a-proxy.postgres.test.ts): no caddy binary on PATH (Debian: apt-get install caddy)');
}
if (!hasChromium) skipped.push(`the browser journeys: no Chromium at ${chromePath} (set CHROME_PATH)`);

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
function vitest(name, projectNames, { hold, extra = [] }) {
  const args = ['vitest', 'run', ...projectNames.flatMap((project) => ['--project', project]), ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name.replace(/\W+/g, "-")}.json`)}`];
  return start(npx, args, { hold });
}

/** Runs one lane's vitest runs one after another; resolves with each one's result. */
async function lane(steps, { hold }) {
  const results = [];
  for (const [name, projectNames, extra] of steps) results.push(await vitest(name, projectNames, { hold, extra }));
  return results;
}

// Two lanes, one per core (docs/decisions/041). The browser journeys run one file at a time (each
// starts a server and Chromium) in one; PGlite and the web app's tests in the other. The PostgreSQL
// run is split in two by vitest's shards, half after each, so both lanes end near the same time. The
// lane beside is held and printed whole after the other, so the two never interleave.
const half = (n) => [`postgres ${n}/2`, ['postgres'], [`--shard=${n}/2`]];
const besideSteps = [...(hasChromium ? [['e2e', ['e2e']]] : []), ...(hasPostgres ? [half(1)] : [])];
const mainSteps = [['pglite and web', ['pglite', 'web']], ...(hasPostgres ? [half(2)] : [])];
const named = (steps) => steps.map(([name]) => name).join(', then ');
console.log(`\n> tests: ${named(mainSteps)}${besideSteps.length ? `; beside them ${named(besideSteps)}, printed after` : ''}`);
const besideLane = lane(besideSteps, { hold: true });
const runs = await lane(mainSteps, { hold: false });
if (besideSteps.length) {
  console.log(`\n> ${named(besideSteps)}`);
  for (const run of await besideLane) {
    process.stdout.write(run.output);
    runs.push(run);
  }
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
