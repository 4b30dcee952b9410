import { TEXT, type ErrorCode, type ErrorResponse } from '@swapyard/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'PAYLOAD_TOO_LARGE',
  431: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function body(code: ErrorCode, message: string): ErrorResponse {
  return { error: { code, message } };
}

/**
 * Errors Fastify raises before a route is chosen (a URL too long for the router, a malformed
 * header) skip the error handler; this gives them the same shape.
 */
export function frameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(body(CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', error.message || TEXT.errors.invalidInput));
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request line or its headers are too long.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const MALFORMED_REQUEST = { status: 400, message: 'The request could not be read.' };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an over-long URL or header, a
 * malformed request line, a request that never finishes arriving): the same error shape, written
 * straight to the socket as Node would, which then closes.
 */
export function clientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const payload = JSON.stringify(body(CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', message));
  this.log.debug({ code: error.code }, 'malformed request refused');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy();
}

/** One error shape for every failure; nothing of a stack or an internal message leaves the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.code(error.statusCode).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message ?? TEXT.errors.invalidInput;
      return reply.code(400).send(body('VALIDATION_ERROR', message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx texts (bad JSON, body too large) say nothing internal.
      return reply.code(status).send(body(CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('INTERNAL', TEXT.errors.internal));
  });
}
