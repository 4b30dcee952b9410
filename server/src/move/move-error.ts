import { CommandError } from '../lib/command-line.ts';

/** The move will not start, or could not show its result whole, for a reason the message gives. */
export class MoveError extends CommandError {}
