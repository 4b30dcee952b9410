import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/*
 * No password, password hash, session token, reset token or cookie may reach a log line (logs are
 * shipped, kept and read by more people than the database is). Three ways they could: a failed
 * statement's error carries its parameters (an email and an argon2 hash, for a refused
 * registration); a request line carries a mailed link's token in its path; a logged object names
 * one. Each is closed here, at the logger, so no call site has to remember.
 */

const CENSOR = '[redacted]';
// Mailed links are /reset-password/<token> and /confirm-email/<token>: the pages they open are logged as any request is.
const TOKEN_IN_PATH = /(\/(?:reset-password|confirm-email)\/)[^/?#]+/g;

interface QueryError extends Error {
  query: string;
  params: unknown;
  cause?: unknown;
}

function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && 'query' in error && 'params' in error;
}

/** An error PostgreSQL sent (pg's DatabaseError, PGlite's own): it has a severity and a SQLSTATE code. */
function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  return error instanceof Error && typeof (error as { severity?: unknown }).severity === 'string' && 'code' in error;
}

const framesOf = (error: Error) => (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));

/**
 * What may be logged of an error. Drizzle's "Failed query" names every parameter in its message
 * (and so its stack): rebuilt with the statement only. PostgreSQL's own error loses the fields
 * that quote row values (`detail`: "Failing row contains (..., $argon2id$...)", `where`,
 * `internalQuery`) and pg's `client`, which carries the connection's parameters; it is tested
 * first because PGlite's also carries `query` and `params`.
 */
function loggable(error: unknown): unknown {
  if (isDatabaseError(error)) {
    const { code, severity, constraint, table, column, routine } = error;
    const kept = new Error(error.message);
    kept.name = error.name;
    kept.stack = [`${error.name}: ${error.message}`, ...framesOf(error)].join('\n');
    return Object.assign(kept, { code, severity, constraint, table, column, routine });
  }
  if (isQueryError(error)) {
    const message = `Failed query: ${error.query}`;
    const bare = new Error(message, { cause: loggable(error.cause) });
    bare.name = error.name;
    bare.stack = [`${error.name}: ${message}`, ...framesOf(error)].join('\n');
    return bare;
  }
  return error;
}

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, `$1${CENSOR}`);
}

/** Fastify's own request summary, with the path's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: serializeRequest,
      err: (error: Error) => pino.stdSerializers.err(loggable(error) as Error),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        'passwordHash',
        'token',
        'cookie',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.cookie',
      ],
      censor: CENSOR,
    },
  };
}
