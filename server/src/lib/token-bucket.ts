/**
 * Lets `burst` things through at once and `perSecond` after that: each call takes a token and says
 * whether there was one. The clock is given so a test can move it.
 */
export function tokenBucket(burst: number, perSecond: number, now: () => number = Date.now): () => boolean {
  let tokens = burst;
  let filledAt = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - filledAt) / 1000) * perSecond);
    filledAt = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
