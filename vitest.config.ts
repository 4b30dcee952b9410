import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'pglite',
      include: serverTests,
      exclude: ['**/*.postgres.test.ts'],
      env: { TEST_ENGINE: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    // The web app's own logic (offline queue and cache, socket client, realtime cache updates) in a DOM.
    test: {
      name: 'web',
      include: ['web/src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['web/src/test/setup.ts'],
    },
  },
  {
    test: {
      name: 'e2e',
      include: ['e2e/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
];

// The integration suite runs again, unchanged, on a real PostgreSQL server when one is given.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'postgres',
      include: ['server/src/**/*.test.ts'],
      // Engine-independent: process start-up, config parsing and the PGlite data directory itself (its backups, the admin command on it, jobs kept across a restart or a kill).
      exclude: ['server/src/main.test.ts', 'server/src/config.test.ts', 'server/src/db/database.test.ts', 'server/src/db/data-dir-lock.test.ts', 'server/src/db/crash-lock.test.ts', 'server/src/backup/backup.test.ts', 'server/src/admin/admin-command.test.ts', 'server/src/jobs/restart.test.ts', 'server/src/jobs/no-mail-lost-to-crash.test.ts'],
      env: { TEST_ENGINE: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({ test: { projects } });
