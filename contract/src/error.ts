// Plain TypeScript, no zod: the sign-in page reads errors without downloading the schema library.
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorResponse {
  error: { code: ErrorCode; message: string };
}

/** The error body, if `value` is one. */
export function readErrorResponse(value: unknown): ErrorResponse | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const { error } = value;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return undefined;
  const { code, message } = error;
  if (!(ERROR_CODES as readonly unknown[]).includes(code) || typeof message !== 'string') return undefined;
  return { error: { code: code as ErrorCode, message } };
}
