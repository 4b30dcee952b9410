/** A same-origin request as a signed-in tab makes it; throws on an answer other than the expected status. */
export async function requestJson<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  { cookie, body, expect = 200 }: { cookie?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs the tasks with at most `limit` in flight, and returns their results in order. */
export async function inBatches<T, R>(tasks: T[], limit: number, work: (task: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await work(tasks[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
