import { TEXT } from '@swapyard/contract';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The field a refusal of the server is about, so the form shows it under that field: a wrong
 * current password, or too many tries at it, and an address that cannot be used. Anything else
 * is not about what was typed, and goes to a toast.
 */
export function refusedField(error: unknown): { field: 'currentPassword' | 'email'; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { message } = error;
  if (message === TEXT.account.currentPasswordWrong || error.code === 'RATE_LIMITED') return { field: 'currentPassword', message };
  if (message === TEXT.account.emailTaken || message === TEXT.account.emailUnchanged) return { field: 'email', message };
  return undefined;
}
