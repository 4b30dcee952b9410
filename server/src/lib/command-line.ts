import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { StorageUnavailableError } from '../storage/storage.ts';

/** A refusal the operator can act on from its message alone: printed as one line, without a stack. */
export class CommandError extends Error {}

/**
 * The command's options and up to `maxPositionals` plain arguments, or a CommandError naming what it
 * does not take and how it is used.
 */
export function commandArguments<T extends ParseArgsConfig['options']>(argv: string[], options: T, maxPositionals: number, usage: string) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CommandError(`${(error as Error).message.replace(/\..*$/s, '')}. Usage: ${usage}`);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new CommandError(`Unexpected argument '${parsed.positionals[maxPositionals]}'. Usage: ${usage}`);
  }
  return parsed;
}

const KNOWN_REFUSALS = [CommandError, ConfigError, DataDirLockedError, StorageUnavailableError];

/**
 * Runs a command's work (the server's start included). A known refusal ends it with its one line and
 * exit code 1, anything else (a bug) with its stack; either way at once, even with a pool or a timer
 * still open.
 */
export function runCommand(work: () => Promise<void>): void {
  work().catch((error: unknown) => {
    const known = KNOWN_REFUSALS.some((refusal) => error instanceof refusal);
    const text = known ? (error as Error).message : String((error as Error)?.stack ?? error);
    process.stderr.write(`${text}\n`, () => process.exit(1));
  });
}
