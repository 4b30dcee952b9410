import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      s3: undefined,
    });
  });

  it.each([
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/x")'],
    [{ PUBLIC_URL: 'swapyard.example' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "swapyard.example")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [
      { TRUST_PROXY: 'yes' },
      "Invalid configuration: TRUST_PROXY must be false, true, or the proxies' addresses: IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated (got \"yes\")",
    ],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      "Invalid configuration: TRUST_PROXY must be false, true, or the proxies' addresses: IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated (got \"10.0.0.0/33\")",
    ],
    [
      { S3_BUCKET: 'My_Photos' },
      'Invalid configuration: S3_BUCKET must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "My_Photos")',
    ],
    [
      { S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' },
      'Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000")',
    ],
    [{ S3_BUCKET: 'photos', S3_REGION: 'EU West' }, 'Invalid configuration: S3_REGION must be a region name such as us-east-1 (got "EU West")'],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: '1' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "1")'],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it.each([
    ['true', true],
    ['false', false],
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.10, fd00::/8,loopback', '10.0.0.10,fd00::/8,loopback'],
  ])('reads TRUST_PROXY=%s as the proxies whose X-Forwarded-For entries are believed', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(trustProxy);
  });

  it('refuses SMTP without PUBLIC_URL, since mailed links would point nowhere', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be set when SMTP_URL is set (mailed links point to it)',
    );
  });

  it('refuses S3 settings without S3_BUCKET, since images would quietly stay on this machine', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      new ConfigError('Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT is set'),
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'swapyard' })).toThrow(
      new ConfigError('Invalid configuration: S3_BUCKET must be set when S3_ACCESS_KEY_ID is set'),
    );
  });

  it('refuses half a key pair, without echoing the secret', () => {
    const attempt = () => loadConfig({ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'very-secret' });

    expect(attempt).toThrow(
      new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'),
    );
  });

  it('reads the S3 settings when S3_BUCKET is set, with region and path style defaulted', () => {
    expect(loadConfig({ S3_BUCKET: 'swapyard-images' }).s3).toEqual({
      bucket: 'swapyard-images',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'swapyard-images',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-2',
        S3_ACCESS_KEY_ID: 'swapyard',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'swapyard-images',
      endpoint: 'http://minio:9000',
      region: 'eu-west-2',
      accessKeyId: 'swapyard',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('reads a PostgreSQL URL and treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://swap:pw@127.0.0.1:5432/swapyard', PORT: '' });

    expect(config.databaseUrl).toBe('postgres://swap:pw@127.0.0.1:5432/swapyard');
    expect(config.port).toBe(3000);
  });

  it('takes a VAPID key pair given together, and derives the subject from PUBLIC_URL or MAIL_FROM', () => {
    const keys = webpush.generateVAPIDKeys();

    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, PUBLIC_URL: 'https://swap.example.org/app' }).vapid).toEqual({
      keys,
      subject: 'https://swap.example.org',
    });
    expect(loadConfig({ MAIL_FROM: 'Swap Club <club@swap.example.org>' }).vapid).toEqual({ keys: undefined, subject: 'mailto:club@swap.example.org' });
    // Push services refuse a localhost site as a contact; the mail address is a better guess.
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:3000' }).vapid.subject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@swap.example.org' }).vapid.subject).toBe('mailto:ops@swap.example.org');
  });

  it('refuses half a VAPID key pair, a key of the wrong size, a pair that does not belong together and a subject that is no contact, never echoing the private key', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const refusals: [NodeJS.ProcessEnv, string][] = [
      [{ VAPID_PRIVATE_KEY: keys.privateKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together'],
      [{ VAPID_PUBLIC_KEY: keys.publicKey.slice(2), VAPID_PRIVATE_KEY: keys.privateKey }, 'VAPID_PUBLIC_KEY must be a P-256 public key'],
      [{ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: `${keys.privateKey}==` }, 'VAPID_PRIVATE_KEY must be a P-256 private key'],
      [{ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }, 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY'],
      [{ VAPID_SUBJECT: 'http://swap.example.org' }, 'VAPID_SUBJECT must be a mailto: or https:// URL (got "http://swap.example.org")'],
    ];
    for (const [env, message] of refusals) {
      const refusal = (() => {
        try {
          loadConfig(env);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toContain(`Invalid configuration: ${message}`);
      expect((refusal as Error).message).not.toContain(keys.privateKey.slice(0, 20));
    }
  });
});
