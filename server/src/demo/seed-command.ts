import { loadConfig } from '../config.ts';
import { commandArguments, runCommand } from '../lib/command-line.ts';
import { outcomeLine, seedConfiguredDatabase } from './seeding-app.ts';

/** `npm run seed [-- --force]`: the demo community into the configured database (DATA_DIR, or DATABASE_URL). */
runCommand(async () => {
  const { values } = commandArguments(process.argv.slice(2), { force: { type: 'boolean', default: false } }, 0, 'npm run seed [-- --force]');
  const config = loadConfig(process.env);
  process.stdout.write(`${outcomeLine(await seedConfiguredDatabase(config, values.force ?? false))}\n`);
});
