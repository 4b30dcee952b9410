import type { Proposal } from '@swapyard/contract';
import { freePort } from '../../../server/src/test/free-port.ts';
import type { ProposalTarget } from '../data/dataset.ts';
import type { SignedInMember } from '../data/members.ts';
import { requestJson, sleep } from '../lib/http.ts';
import { formatNumber, ms, passIf, ratio, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { startSmtpSink, type SunkMail } from '../lib/smtp-sink.ts';
import { distribution, percentile } from '../lib/stats.ts';
import { CHAT_STREAM_MS, measureChat } from './chat.ts';

const PROPOSALS = 100;
const BUDGET_P99_MS = 2000;
/** Past the worker's 10 s poll: a mail whose wake-up was missed still counts, late, rather than lost. */
const STRAGGLER_TIMEOUT_MS = 15_000;

interface Sent {
  to: string;
  sentAt: number;
  answeredAt: number;
}

export interface ProposalMailData {
  chatMembers: SignedInMember[];
  proposalTargets: ProposalTarget[];
}

/**
 * 100 proposals spread over the chat measure's stream of messages, each from a chat member (who has
 * points and a tab open) to a seller of its own, on one instance whose job worker sends the mails
 * to a real SMTP server on loopback. Latency runs from sending the proposal to the SMTP server
 * holding the mail addressed to its receiver: the transaction, the worker's wake-up, the preference
 * check, rendering and SMTP, with the chat's HTTP, socket and notice traffic in the same process.
 */
export async function measureProposalMail(
  where: string,
  data: ProposalMailData,
  start: (env: Record<string, string>) => Promise<ServerProcess>,
): Promise<Result> {
  if (data.proposalTargets.length < PROPOSALS) {
    throw new Error(`the dataset has ${data.proposalTargets.length} sellers with a listing, ${PROPOSALS} needed: BENCH_LISTINGS of 5,000 or more`);
  }
  const targets = data.proposalTargets.slice(0, PROPOSALS);
  const sink = await startSmtpSink();
  let server: ServerProcess | undefined;
  try {
    const port = await freePort();
    server = await start({ SMTP_URL: sink.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    const baseUrl = server.baseUrl;
    const sent: Sent[] = [];
    let refused = 0;
    let refusal = '';
    const propose = async () => {
      const started = performance.now();
      await Promise.all(
        targets.map(async (target, i) => {
          await sleep(started + ((i + 0.5) * CHAT_STREAM_MS) / PROPOSALS - performance.now());
          const sentAt = performance.now();
          try {
            await requestJson<{ proposal: Proposal }>(baseUrl, 'POST', '/api/proposals', {
              cookie: data.chatMembers[i]!.cookie,
              body: { itemId: target.itemId, message: 'Would you swap for this?', pointsOffer: 5, offerItemId: null },
              expect: 201,
            });
            sent.push({ to: target.ownerEmail, sentAt, answeredAt: performance.now() });
          } catch (error) {
            refused += 1;
            refusal = String((error as Error).message).slice(0, 120);
          }
        }),
      );
    };
    const [chat] = await measureChat(where, [server], data.chatMembers, Number.POSITIVE_INFINITY, propose);

    // A receiver gets one mail from the bench: the first addressed to them is the proposal's.
    const firstMail = (mails: SunkMail[], to: string) => mails.find((mail) => mail.to.includes(to) && /proposal/i.test(mail.subject));
    await sink.waitFor((mails) => sent.every((s) => firstMail(mails, s.to)), STRAGGLER_TIMEOUT_MS).catch(() => undefined);
    const arrived = sent.flatMap((s) => {
      const mail = firstMail(sink.mails, s.to);
      return mail ? [{ ...s, receivedAt: mail.receivedAt }] : [];
    });
    const delivered = arrived.map((s) => s.receivedAt - s.sentAt);
    const latency = { ...distribution(delivered), p95: percentile(delivered, 95) };
    // The proposal's own answer waits behind the chat's requests as the mail does; what follows it is the mail's path alone.
    const answered = distribution(sent.map((s) => s.answeredAt - s.sentAt));
    const afterAnswer = distribution(arrived.map((s) => s.receivedAt - s.answeredAt));
    const lost = sent.length - delivered.length;
    const expected = new Set(sent.map((s) => s.to));
    const twice = sink.mails.filter((mail) => mail.to.some((to) => expected.has(to))).length - delivered.length;
    const chatFigures = { p99Ms: chat.figures?.p99Ms ?? Number.NaN, lost: chat.figures?.lost ?? Number.NaN };
    return {
      where,
      measure: `proposal to its mail at a real SMTP server, ${formatNumber(sent.length)} proposals during the chat load, one instance`,
      measured: `p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}; ${lost} lost, ${twice} twice, ${refused} refused${refusal ? ` (${refusal})` : ''}`,
      reference: `proposal answered p50 ${ms(answered.p50)}, p99 ${ms(answered.p99)}; mail after the answer p99 ${ms(afterAnswer.p99)}; chat alongside: event p99 ${ms(chatFigures.p99Ms)}, ${chatFigures.lost} lost`,
      ratio: `p99 ${ratio(latency.p99 / answered.p99)}`,
      budget: `p99 <= ${BUDGET_P99_MS} ms, 0 lost`,
      verdict: passIf(latency.p99 <= BUDGET_P99_MS && lost === 0 && twice === 0 && refused === 0),
      figures: {
        proposals: sent.length,
        p50Ms: latency.p50,
        p95Ms: latency.p95,
        p99Ms: latency.p99,
        maxMs: latency.max,
        answeredP50Ms: answered.p50,
        answeredP99Ms: answered.p99,
        afterAnswerP99Ms: afterAnswer.p99,
        lost,
        sentTwice: twice,
        refused,
        chatP99Ms: chatFigures.p99Ms,
        chatLost: chatFigures.lost,
      },
    };
  } finally {
    await server?.stop();
    await sink.stop();
  }
}
