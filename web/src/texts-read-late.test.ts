import { textReads } from '@swapyard/contract';
import { expect, it } from 'vitest';

// Every module of the app but its entry (main.tsx renders), as the bundler finds them.
const modules = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**', '!./main.tsx']);

it("reads no text while the app's modules load: one read then would stay in the language the page opened in", async () => {
  const readers: string[] = [];
  for (const [name, load] of Object.entries(modules)) {
    const before = textReads();
    await load();
    if (textReads() > before) readers.push(name);
  }
  expect(Object.keys(modules).length).toBeGreaterThan(100);
  expect(readers).toEqual([]);
}, 120_000);
