import cliProgress from 'cli-progress';

/** What the move tells the operator as it goes: step lines always, a live bar on a terminal. */
export interface Progress {
  line(text: string): void;
  /** A bar over `total` units for a long step; `advance` moves it, `end` takes it off the screen. */
  bar(label: string, total: number, unit: string): { advance(by?: number): void; end(): void };
}

export function terminalProgress(out: NodeJS.WriteStream = process.stdout): Progress {
  return {
    line: (text) => {
      out.write(`${text}\n`);
    },
    bar: (label, total, unit) => {
      // Bars redraw in place; in a file or a pipe they would only add noise, so only step lines go there.
      if (!out.isTTY || total === 0) return { advance: () => undefined, end: () => undefined };
      const bar = new cliProgress.SingleBar(
        { format: `  ${label} [{bar}] {percentage}% {value}/{total} ${unit}, {eta_formatted} left`, stream: out, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
      return { advance: (by = 1) => bar.increment(by), end: () => bar.stop() };
    },
  };
}
