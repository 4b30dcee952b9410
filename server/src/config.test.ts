import path from 'node:path';
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
    });
  });

  it.each([
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/x")'],
    [{ PUBLIC_URL: 'swapyard.example' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "swapyard.example")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be true or false (got "yes")'],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('refuses SMTP without PUBLIC_URL, since mailed links would point nowhere', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be set when SMTP_URL is set (mailed links point to it)',
    );
  });

  it('reads a PostgreSQL URL and treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://swap:pw@127.0.0.1:5432/swapyard', PORT: '' });

    expect(config.databaseUrl).toBe('postgres://swap:pw@127.0.0.1:5432/swapyard');
    expect(config.port).toBe(3000);
  });
});
