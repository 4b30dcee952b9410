import fs from 'node:fs';

/** The second half of `npm start`, after the build: the server itself. */
const SERVER_COMMAND = 'node server/dist/main.js';

/**
 * The variables `npm start` sets for the server: the `NAME=value` words before `node server/dist/main.js`
 * in package.json's start script. Read from there, so what starts the server elsewhere (the bench) starts
 * it as `npm start` does, and a test holds the Dockerfile to the same.
 */
export function startEnvironment(packageJson = fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')): Record<string, string> {
  const script: string = JSON.parse(packageJson).scripts.start;
  const command = script
    .split('&&')
    .map((step) => step.trim())
    .find((step) => step.endsWith(SERVER_COMMAND));
  if (command === undefined) throw new Error(`package.json's start script does not run ${SERVER_COMMAND}`);
  const words = command.slice(0, -SERVER_COMMAND.length).trim().split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    words.map((word) => {
      // A plain value only: a shell would strip quotes and expand $ and \, and this would not.
      const match = /^([A-Z_][A-Z0-9_]*)=([^'"$\\`\s]*)$/.exec(word);
      if (!match) throw new Error(`package.json's start script has "${word}" before ${SERVER_COMMAND}: only NAME=value words with plain values may be there`);
      return [match[1]!, match[2]!];
    }),
  );
}
