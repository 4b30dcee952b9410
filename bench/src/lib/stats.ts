/** The nearest-rank percentile (0 < p <= 100) of some numbers; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export interface Distribution {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function distribution(values: number[]): Distribution {
  return { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: percentile(values, 100) };
}
