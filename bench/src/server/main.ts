import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig, type Config, type RateLimit } from '../../../server/src/config.ts';
import { benchRoutes } from './bench-routes.ts';

/**
 * The real server in a process of its own, so its memory can be read and the load generators do
 * not share its event loop. Configured by the usual environment variables; the built web app's
 * directory, if any, is the first argument. Tells its parent the port once it listens.
 */

// A load test is one member asking thousands of times a second: the limits would measure themselves.
const RELAXED_LIMIT: RateLimit = { max: 10_000_000, windowMs: 60_000 };

async function main(): Promise<void> {
  const base = loadConfig(process.env, process.argv[2] || undefined);
  const config: Config = {
    ...base,
    rateLimits: Object.fromEntries(Object.keys(base.rateLimits).map((key) => [key, RELAXED_LIMIT])) as Config['rateLimits'],
  };
  const app = await buildApp(config);
  await app.register(benchRoutes(app.services.database.db, config.databaseUrl));
  process.once('SIGTERM', () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  await app.listen({ host: config.host, port: config.port });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
