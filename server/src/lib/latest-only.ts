/**
 * Runs `run` for one value at a time; values given while it runs replace each other, and only the
 * newest runs next. A sender that floods keeps one run going and one value waiting, never a queue:
 * it costs one run per run's length, however many values it sends, and the last value always wins.
 * `run` handles its own failures: one that throws ends the run and its error reaches no one.
 */
export function latestOnly<T>(run: (value: T) => Promise<void>): (value: T) => void {
  let running = false;
  let next: { value: T } | undefined;
  const drain = async () => {
    running = true;
    try {
      while (next) {
        const { value } = next;
        next = undefined;
        await run(value);
      }
    } finally {
      running = false;
    }
  };
  return (value) => {
    next = { value };
    if (!running) drain().catch(() => undefined);
  };
}
