import lighthouse from 'lighthouse';
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../lib/chromium.ts';
import { bytes, formatNumber, ms, passIf, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';

const SCORE_BUDGET = 95;

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  /** DESIGN.md holds /marketplace and /item/{id} to a score; /login is reported. */
  budget: boolean;
}

/**
 * Lighthouse's mobile defaults (a mid-range phone, simulated slow 4G and a 4x slower CPU), the
 * performance category only, against the bench server with the generated data. A signed-in page
 * gets the member's cookie on every request; a page that ends anywhere else than asked fails.
 * Each full report is kept in the results folder (lighthouse-<page>.json) as the evidence.
 */
export async function measureLighthouse(
  server: ServerProcess,
  chromiumPath: string,
  cookie: string,
  itemId: string,
  resultsDir: string,
): Promise<Result[]> {
  const pages: Page[] = [
    { name: 'login', path: '/login', signedIn: false, budget: false },
    { name: 'marketplace', path: '/marketplace', signedIn: true, budget: true },
    { name: 'item', path: `/item/${itemId}`, signedIn: true, budget: true },
  ];
  const chromium = await launchChromium(chromiumPath);
  try {
    const results: Result[] = [];
    for (const page of pages) {
      const run = await lighthouse(`${server.baseUrl}${page.path}`, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(page.signedIn ? { extraHeaders: { cookie } } : {}),
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { lhr } = run;
      fs.writeFileSync(path.join(resultsDir, `lighthouse-${page.name}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const lcp = audit('largest-contentful-paint');
      const tbt = audit('total-blocking-time');
      const cls = audit('cumulative-layout-shift');
      const fcp = audit('first-contentful-paint');
      const weight = audit('total-byte-weight');
      const compressible = (lhr.audits['uses-text-compression']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
      results.push({
        where: 'browser',
        measure: `Lighthouse ${lhr.lighthouseVersion} mobile /${page.name === 'item' ? 'item/{id}' : page.name}${landed === page.path ? '' : ` (landed on ${landed})`}`,
        measured: `score ${score}; FCP ${ms(fcp)}, LCP ${ms(lcp)}, TBT ${ms(tbt)}, CLS ${formatNumber(cls, 3)}; ${bytes(weight)} transferred${compressible > 0 ? `, ${bytes(compressible)} of it compressible` : ''}`,
        reference: '-',
        ratio: '-',
        budget: page.budget ? `score >= ${SCORE_BUDGET}` : 'reported',
        verdict: page.budget ? passIf(score >= SCORE_BUDGET && landed === page.path) : 'INFO',
        figures: { score, lcpMs: lcp, tbtMs: tbt, cls, fcpMs: fcp, transferredBytes: weight, compressibleBytes: compressible },
      });
    }
    return results;
  } finally {
    await chromium.close();
  }
}
