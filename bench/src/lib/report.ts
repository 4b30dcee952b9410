import fs from 'node:fs';
import path from 'node:path';

/** PASS or MISS against a DESIGN.md budget; INFO where the design asks only for the figure; SKIP with a reason. */
export type Verdict = 'PASS' | 'MISS' | 'INFO' | 'SKIP';

export interface Result {
  /** The engine or setting the measure ran on: PGlite, PostgreSQL, "2 instances", or the browser. */
  where: string;
  measure: string;
  measured: string;
  /** What it is compared with, measured in the same run. */
  reference: string;
  ratio: string;
  budget: string;
  verdict: Verdict;
  /** The raw figures, for the JSON file. */
  figures?: Record<string, number>;
}

export function skipped(where: string, measure: string, reason: string): Result {
  return { where, measure, measured: '-', reference: reason, ratio: '-', budget: '-', verdict: 'SKIP' };
}

export const passIf = (ok: boolean): Verdict => (ok ? 'PASS' : 'MISS');

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const ms = (value: number) => `${formatNumber(value, value < 10 ? 2 : 1)} ms`;
export const perSecond = (value: number) => `${formatNumber(value)}/s`;
export const ratio = (value: number) => `${formatNumber(value, value < 10 ? 2 : 0)}x`;

export function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${formatNumber(value / 1024 / 1024, 1)} MB`;
  if (value >= 1024) return `${formatNumber(value / 1024, 1)} KB`;
  return `${formatNumber(value)} B`;
}

const COLUMNS: { title: string; key: keyof Result }[] = [
  { title: 'where', key: 'where' },
  { title: 'measure', key: 'measure' },
  { title: 'measured', key: 'measured' },
  { title: 'reference (same run)', key: 'reference' },
  { title: 'ratio', key: 'ratio' },
  { title: 'budget', key: 'budget' },
  { title: 'result', key: 'verdict' },
];

/** One aligned text table, the same rows as the JSON. */
export function renderTable(results: Result[]): string {
  const cells = results.map((result) => COLUMNS.map((column) => String(result[column.key])));
  const widths = COLUMNS.map((column, i) => Math.max(column.title.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ').trimEnd();
  return [line(COLUMNS.map((c) => c.title)), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** The same table as Markdown, for docs/performance.md. */
export function renderMarkdown(results: Result[]): string {
  const row = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    row(COLUMNS.map((c) => c.title)),
    row(COLUMNS.map(() => '---')),
    ...results.map((result) => row(COLUMNS.map((column) => String(result[column.key])))),
  ].join('\n');
}

export interface Report {
  startedAt: string;
  durationSeconds: number;
  machine: Record<string, string | number>;
  settings: Record<string, string | number | boolean>;
  results: Result[];
}

export function writeReport(file: string, report: Report): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
