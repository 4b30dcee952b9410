import { DEFAULT_LOCALE, LOCALES } from '@swapyard/contract';
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PORT_RANGE = 'must be a whole number from 0 to 65535';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** What Fastify's trustProxy (proxy-addr) takes as a trusted hop: an address, a CIDR range, or one of its named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' }).default('false');

/** Every environment variable the server reads: nothing else touches process.env. */
const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: PORT_RANGE })
      .int({ error: PORT_RANGE })
      .min(0, { error: PORT_RANGE })
      .max(65535, { error: PORT_RANGE })
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('localhost')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Swapyard <no-reply@localhost>')),
  DEFAULT_LOCALE: z.preprocess(
    emptyAsUndefined,
    z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).default(DEFAULT_LOCALE),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => value === 'true' || value === 'false' || value.split(',').every((entry) => isProxyAddress(entry.trim())), {
        error: "must be false, true, or the proxies' addresses: IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated",
      })
      .default('false'),
  ),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      })
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name such as us-east-1' })
      .default('us-east-1'),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, trueOrFalse),
  // The keys are checked after parsing, by hand: a refusal must not echo the private key.
  VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^(mailto|https)$/, error: 'must be a mailto: or https:// URL' })
      .optional(),
  ),
});

const MINUTE = 60_000;

export interface RateLimit {
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS = {
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
  proposalsPerMember: { max: 30, windowMs: 10 * MINUTE },
  messagesPerMember: { max: 120, windowMs: MINUTE },
  uploadsPerMember: { max: 60, windowMs: 10 * MINUTE },
  // Each export reads all of a member's rows and pictures: a handful an hour is plenty for a person.
  dataExportsPerMember: { max: 5, windowMs: 60 * MINUTE },
  // A person reports now and then; a burst of reports is someone trying to bury a member in the queue.
  reportsPerMember: { max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

type Env = z.output<typeof envSchema>;

/** The server's settings, named for the code that reads them; their type is derived from here. */
function fromEnv(e: Env, webDistDir: string | undefined) {
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** The language of a visitor whose browser asks for none of ours, until the community's admin chooses one. */
    defaultLocale: e.DEFAULT_LOCALE,
    logLevel: e.LOG_LEVEL,
    /**
     * false: the connection's address is the client's. A list: the X-Forwarded-For entries those
     * proxies added are believed, read from the right, so a client cannot choose its own address
     * (decision 027). true: believe the header's first entry, safe only behind a proxy that replaces it.
     */
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : proxyList(e.TRUST_PROXY),
    /** Object storage for uploaded images; set when S3_BUCKET is. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          /** Unset: Amazon S3 itself. */
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          /** Both unset: the AWS SDK's own credential chain (an instance or task role, for one). */
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          /** bucket-in-the-path URLs, which most S3-compatible servers need. */
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    /** Web Push's VAPID identity: the operator's key pair when given, else one the server makes and keeps (modules/push). */
    vapid: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.PUBLIC_URL, e.MAIL_FROM),
    },
    /** Where the built web app lives; unset serves the API only. */
    webDistDir,
    rateLimits: DEFAULT_RATE_LIMITS as Record<keyof typeof DEFAULT_RATE_LIMITS, RateLimit>,
  };
}

function proxyList(value: string): string {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .join(',');
}

/**
 * Who push services contact about this server's pushes: the site itself when it is public over
 * HTTPS, else the mail sender's address. Apple's push service refuses a localhost site.
 */
function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl) {
    const url = new URL(publicUrl);
    if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  }
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A VAPID key pair as web-push makes them: a P-256 private key of 32 bytes and its public point of 65, base64url. */
function vapidKeysProblem(publicKey: string, privateKey: string): string | undefined {
  if (!BASE64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) {
    return 'VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes in base64url, as web-push generate-vapid-keys prints it';
  }
  if (!BASE64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) {
    return 'VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes in base64url, as web-push generate-vapid-keys prints it';
  }
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
  return undefined;
}

export type Config = ReturnType<typeof fromEnv>;
export type S3Config = NonNullable<Config['s3']>;

export class ConfigError extends Error {}

/** Parses the environment once; the first bad variable is named in a one-line error. */
export function loadConfig(env: NodeJS.ProcessEnv, webDistDir?: string): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const given = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${given === undefined ? '' : ` (got "${given}")`}`,
    );
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    // Reset links in mail need the address members use; guessing it from a request would let anyone forge it.
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be set when SMTP_URL is set (mailed links point to it)');
  }
  const s3Settings = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((name) => e[name]);
  if (s3Settings && !e.S3_BUCKET) {
    // Without a bucket the images would quietly go to the local directory, which other instances cannot see.
    throw new ConfigError(`Invalid configuration: S3_BUCKET must be set when ${s3Settings} is set`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const vapidProblem = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? vapidKeysProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY) : undefined;
  if (vapidProblem) throw new ConfigError(`Invalid configuration: ${vapidProblem}`);
  return fromEnv(e, webDistDir);
}
