import { ApiError } from './api-client.ts';

/** A missing record, or an id that cannot name one: the server answers 400 for a malformed id. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
