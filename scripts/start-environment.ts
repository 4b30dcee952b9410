import fs from 'node:fs';

/** The second half of `npm start`, after the build: the server itself. */
const SERVER_COMMAND = 'node server/dist/main.js';
/** The second half of `npm run demo`, which seeds the demo and then starts the server with its own environment. */
export const DEMO_COMMAND = 'node --import tsx server/src/demo/demo-command.ts';

const readPackageJson = () => fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8');

/**
 * The variables `npm start` sets for the server: the `NAME=value` words before `node server/dist/main.js`
 * in package.json's start script. Read from there, so what starts the server elsewhere (the bench) starts
 * it as `npm start` does, and a test holds the Dockerfile and `npm run demo` to the same.
 */
export function startEnvironment(packageJson = readPackageJson()): Record<string, string> {
  return scriptEnvironment('start', SERVER_COMMAND, packageJson);
}

/** The `NAME=value` words before `serverCommand` in one of package.json's scripts. */
export function scriptEnvironment(name: string, serverCommand: string, packageJson = readPackageJson()): Record<string, string> {
  const script: string = JSON.parse(packageJson).scripts[name];
  const command = script
    .split('&&')
    .map((step) => step.trim())
    .find((step) => step.endsWith(serverCommand));
  if (command === undefined) throw new Error(`package.json's ${name} script does not run ${serverCommand}`);
  const words = command.slice(0, -serverCommand.length).trim().split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    words.map((word) => {
      // A plain value only: a shell would strip quotes and expand $ and \, and this would not.
      const match = /^([A-Z_][A-Z0-9_]*)=([^'"$\\`\s]*)$/.exec(word);
      if (!match) throw new Error(`package.json's ${name} script has "${word}" before ${serverCommand}: only NAME=value words with plain values may be there`);
      return [match[1]!, match[2]!];
    }),
  );
}
