import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_COMMAND, scriptEnvironment, startEnvironment } from './start-environment.ts';

const startScript = (start: string) => JSON.stringify({ scripts: { start } });

/** The variables the image's ENV instructions set (its last stage's, in their `NAME=value` form). */
function dockerfileEnvironment(dockerfile: string): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const lines = lastStage.replace(/\\\n/g, ' ').split('\n');
  const words = lines.filter((line) => /^ENV\s/.test(line)).flatMap((line) => line.replace(/^ENV\s+/, '').trim().split(/\s+/));
  return Object.fromEntries(words.map((word) => word.split('=') as [string, string]));
}

describe("npm start's environment for the server", () => {
  it("holds glibc's trim threshold fixed, which keeps PGlite's server under its memory budget (decision 036)", () => {
    expect(startEnvironment()).toMatchObject({ MALLOC_TRIM_THRESHOLD_: '131072' });
  });

  it('is set the same way when the server runs in the container', () => {
    const dockerfile = dockerfileEnvironment(fs.readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8'));

    expect(dockerfile).toMatchObject(startEnvironment());
  });

  it('is set the same way when `npm run demo` starts the server', () => {
    expect(scriptEnvironment('demo', DEMO_COMMAND)).toEqual(startEnvironment());
  });

  it('reads the words before the server command, and nothing from the build before it', () => {
    expect(startEnvironment(startScript('LOG=1 npm run build && A=1 B=x=y node server/dist/main.js'))).toEqual({ A: '1', B: 'x=y' });
    expect(startEnvironment(startScript('npm run build && node server/dist/main.js'))).toEqual({});
  });

  it('refuses a start script it cannot read, rather than starting the server differently', () => {
    expect(() => startEnvironment(startScript('npm run build && node server/src/main.ts'))).toThrow('does not run node server/dist/main.js');
    expect(() => startEnvironment(startScript('npm run build && nice -n 5 node server/dist/main.js'))).toThrow('"nice" before');
    expect(() => startEnvironment(startScript("npm run build && A='x y' node server/dist/main.js"))).toThrow('plain values');
    expect(() => startEnvironment(startScript('npm run build && A=$HOME node server/dist/main.js'))).toThrow('plain values');
  });
});
