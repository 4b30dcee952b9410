import { randomUUID } from 'node:crypto';
import { median } from '../lib/stats.ts';
import { ms, passIf, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';

const TRIES = 24;
/** Outside these, the answer's time tells whether an email has an account. */
const MIN_RATIO = 0.8;
const MAX_RATIO = 1.25;
/** Long enough for the work done after an answer to finish, so it is not counted in the next one. */
const PAUSE_MS = 50;

/**
 * Forgot-password for an email with an account and for one without, taken in turns so both meet
 * the same machine: the answer must take the same time (the mail goes out after it), or its time
 * tells who is a member.
 */
export async function measureForgotPassword(where: string, server: ServerProcess): Promise<Result> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const member = `bench-reset-${randomUUID()}@example.com`;
  const password = 'a bench password';
  const registered = await post('/api/auth/register', { displayName: 'Bench Reset', email: member, password, confirmPassword: password, acceptTerms: true });
  if (registered.status !== 201) throw new Error(`registration failed with ${registered.status}`);

  const timed = async (email: string) => {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    const response = await post('/api/auth/forgot-password', { email });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`forgot-password answered ${response.status}`);
    return performance.now() - started;
  };
  const existing: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    existing.push(await timed(member));
    missing.push(await timed(`bench-nobody-${randomUUID()}@example.com`));
  }
  const [withAccount, without] = [median(existing), median(missing)];
  const ratio = withAccount / without;
  return {
    where,
    measure: `forgot-password answer, email with an account against one without (median of ${TRIES} each)`,
    measured: ms(withAccount),
    reference: ms(without),
    ratio: ratio.toFixed(2),
    budget: `${MIN_RATIO} to ${MAX_RATIO}`,
    verdict: passIf(ratio >= MIN_RATIO && ratio <= MAX_RATIO),
    figures: { existingMedianMs: withAccount, missingMedianMs: without, ratio },
  };
}
