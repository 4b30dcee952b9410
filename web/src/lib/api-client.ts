import { currentLocale, readErrorResponse, TEXT, waitIn, type ErrorCode } from '@swapyard/contract';

export const API_BASE = '/api';

/** A failed API call, carrying what the server said so a screen can show its words. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Set only when the server answered in the contract's error shape, so its message is meant for members. */
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, code?: ErrorCode) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  // The server answers (its errors included) in the page's language, which a member may have just switched.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale(), ...options.headers };
  let payload: BodyInit | null = null;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    // Only with a body: the server rejects an empty body declared as JSON.
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const parsed = readErrorResponse(await response.json().catch(() => null));
  if (parsed) return new ApiError(response.status, parsed.error.message, parsed.error.code);
  // A proxy or the rate limiter may answer before our error handler does.
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const message = retryAfter > 0 ? TEXT.errors.tooManyRequestsFor(waitIn(retryAfter)) : TEXT.errors.tooManyRequests;
    return new ApiError(429, message, 'RATE_LIMITED');
  }
  return new ApiError(response.status, response.statusText || `Request failed (${String(response.status)})`);
}

/** The server's own message when it sent one (SPEC: it wins over the generic text), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== undefined ? error.message : fallback;
}
