import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { bytes, formatNumber, ms, passIf, type Result } from '../lib/report.ts';
import { distribution } from '../lib/stats.ts';

const MEMORY_BUDGET_BYTES = 60 * 1024 * 1024;
const PROBE = fileURLToPath(new URL('./gazetteer-probe.ts', import.meta.url));

interface Probe {
  towns: number;
  loadMs: number;
  liveBytes: number;
  rssBytes: number;
  times: number[];
  sampleResponse: string;
}

/**
 * Issue 17's gazetteer: the memory it adds to a server process that has loaded the rest of the app
 * (live heap and array buffers after a full GC, and resident memory), against the 60 MB budget, and
 * a picker search's time in the index, without HTTP.
 */
export async function measureGazetteer(): Promise<{ results: Result[]; sampleResponseGzipBytes: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE], { maxBuffer: 16 * 1024 * 1024 });
  const probe = JSON.parse(stdout) as Probe;
  const search = distribution(probe.times);
  const worst = Math.max(probe.liveBytes, probe.rssBytes);
  return {
    sampleResponseGzipBytes: gzipSync(probe.sampleResponse).length,
    results: [
      {
        where: 'server',
        measure: `gazetteer memory (${formatNumber(probe.towns)} towns, loaded in ${ms(probe.loadMs)})`,
        measured: `+${bytes(probe.liveBytes)} live, +${bytes(probe.rssBytes)} resident`,
        reference: 'the same server process before loading it',
        ratio: `${formatNumber((100 * worst) / MEMORY_BUDGET_BYTES)}% of the budget`,
        budget: `< ${bytes(MEMORY_BUDGET_BYTES)} more`,
        verdict: passIf(worst < MEMORY_BUDGET_BYTES),
        figures: { liveBytes: probe.liveBytes, rssBytes: probe.rssBytes, loadMs: probe.loadMs },
      },
      {
        where: 'server',
        measure: 'place search in the gazetteer (15 prefixes, 1 to 5 letters)',
        measured: `p50 ${ms(search.p50)}, p99 ${ms(search.p99)}`,
        reference: '-',
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { p50Ms: search.p50, p99Ms: search.p99 },
      },
    ],
  };
}
