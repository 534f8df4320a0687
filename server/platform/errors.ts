import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** The one error shape every route answers with: `{ message, errors? }`. */
export type ErrorBody = { message: string; errors?: Record<string, string> };

/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Extra fields merged into the body (e.g. the real total on a 409). */
    readonly extra?: Record<string, unknown>,
    /** Response headers to set (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, extra);

/** Turns zod issues into `{ field: message }`, first message per field (paths joined with dots). */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function validationBody(errors: Record<string, string>): ErrorBody {
  const first = Object.values(errors)[0];
  return { message: first ? `Validation failed: ${first}` : 'Validation failed', errors };
}

/** What of an unexpected error may be logged (see {@link safeError}). */
export type SafeError = {
  type: string;
  /** The PostgreSQL SQLSTATE (e.g. 22021 invalid byte sequence) or the error's own code. */
  code?: string;
  /** The failed statement's name (server/db/statements.ts `named`, `preparedOn`) when it was a named one. */
  query?: string;
  /** Schema names PostgreSQL reports (never data): the constraint, table, column and the routine that failed. */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** Only for errors that are not the database's, and never text that looks like SQL. */
  message?: string;
};

type ErrorLike = {
  name?: string;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  severity?: unknown;
  queryName?: unknown;
  query?: unknown;
  params?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
};

/** Drizzle's 'Failed query: ... params: ...', or a statement as drizzle writes one (quoted names, $n parameters). */
const SQL_TEXT = /failed query|\bparams:|\b(?:select|insert into|update|delete from)\s[\s\S]*?(?:"[a-z_][a-z0-9_]*"|\$\d)/i;
/** PostgreSQL messages that quote the offending value: `invalid input syntax for type integer: "abc"`. */
const QUOTED_VALUE = /((?:invalid input (?:syntax|value) for [^:]*|invalid byte sequence for encoding [^:]*|value [^:]*):\s*)("[^"]*"|\S+)/gi;
const safeOutputs = new WeakSet<object>();
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v.slice(0, 100) : undefined);

/** A message that may be logged: SQL text becomes 'Database query failed', a value PostgreSQL quotes is cut out. */
export function scrubMessage(raw: string, maxLength = 300): string {
  if (SQL_TEXT.test(raw)) return 'Database query failed';
  // eslint-disable-next-line no-control-regex -- control characters (NUL...) are replaced, not written raw
  return raw.replace(QUOTED_VALUE, '$1…').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '?').slice(0, maxLength);
}

/** True for a database error: Drizzle's wrapper of a failed query, or the driver's (pg, PGlite) error from the server. */
function isDatabaseError(e: ErrorLike): boolean {
  return e.name === 'DrizzleQueryError' || ('query' in e && 'params' in e) || (typeof e.severity === 'string' && typeof e.code === 'string');
}

/** Socket errors and PostgreSQL SQLSTATEs that mean the database cannot be reached now, not that a query is wrong. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** node-postgres says these in words only. */
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The SQLSTATE of a driver error (Drizzle may wrap it as `cause`): '23505' unique, '23514' check, '23P01' exclusion. */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique index refused the write (SQLSTATE 23505): a concurrent writer got there first, or a duplicate. */
export const isUniqueViolation = (err: unknown): boolean => pgCode(err) === '23505';

/**
 * True when `err` (or what it wraps) says the database is out of reach: restarting, refusing connections, or the pool
 * could not get one in time. The request did nothing; the answer is 503, and trying again later works.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let c = err, depth = 0; c && typeof c === 'object' && depth < 5; c = (c as ErrorLike).cause, depth++) {
    const { code, message } = c as ErrorLike;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * What of an unexpected error may be logged (issue 27): its class, code and — for a database error — the statement's
 * name and the schema names PostgreSQL reports, never the SQL text, its parameters, `detail`/`where` or a message
 * that quotes data. Strings (some call sites log `err.message`) are scrubbed of SQL. Idempotent.
 */
export function safeError(err: unknown): SafeError {
  if (err !== null && typeof err === 'object' && safeOutputs.has(err)) return err as SafeError;
  let out: SafeError;
  if (err === null || typeof err !== 'object') {
    out = { type: typeof err === 'string' ? 'Error' : typeof err, message: scrubMessage(String(err)) };
  } else {
    const e = err as ErrorLike;
    const chain: ErrorLike[] = [e];
    for (let c = e.cause; c && typeof c === 'object' && chain.length < 4; c = (c as ErrorLike).cause) chain.push(c as ErrorLike);
    const database = chain.some(isDatabaseError);
    const pick = (key: keyof ErrorLike) => chain.map((c) => str(c[key])).find((v) => v !== undefined);
    // The class (DrizzleQueryError, DatabaseError...): drizzle leaves `name` as 'Error' and pg sets it to 'error'.
    const ctor = (err as { constructor?: { name?: string } }).constructor;
    out = { type: (ctor && ctor !== Object ? str(ctor.name) : undefined) ?? str(e.name) ?? 'Error' };
    const code = pick('code');
    if (code) out.code = code;
    if (database) {
      const query = pick('queryName');
      if (query) out.query = query;
      for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
        const v = pick(key);
        if (v) out[key] = v;
      }
    } else {
      out.message = scrubMessage(String(e.message ?? ''));
    }
  }
  safeOutputs.add(out);
  return out;
}

/**
 * The logger's guard (server/platform/context.ts createLogger): `err` and `error` fields go through safeError
 * whatever a call site passes (an Error, a DrizzleQueryError, or its message as a string), string arguments (the
 * message) are scrubbed of SQL, and request secrets are redacted.
 */
export const LOG_SAFETY = {
  serializers: { err: safeError, error: safeError },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
      for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = scrubMessage(args[i] as string, 2000);
      method.apply(this, args);
    },
  },
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      'headers.cookie',
      'headers.authorization',
      'headers["set-cookie"]',
      '*.headers.cookie',
      '*.headers.authorization',
      '*.headers["set-cookie"]',
      'cookie',
      'authorization',
      'password',
      'token',
      '*.password',
      '*.token',
    ],
    censor: '[redacted]',
  },
};

/** Installs the error handler: JSON `{message, errors?}` with the right status, never a stack trace. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(
        err.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Invalid value' })),
      );
      return reply.status(400).send(validationBody(errors));
    }
    if (err instanceof ZodError) return reply.status(400).send(validationBody(fieldErrors(err.issues)));
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send({ ...err.extra, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (isDatabaseUnreachable(err)) {
      request.log.warn({ err: safeError(err), route: `${request.method} ${request.routeOptions.url ?? '(no route)'}` }, 'database unreachable');
      reply.header('retry-after', '5');
      return reply.status(503).send({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // Never the failed query's SQL or parameters (drizzle puts both in the message), nor a stack in the response.
      // The route names the work that failed where the statement has no name of its own.
      request.log.error({ err: safeError(err), route: `${request.method} ${request.routeOptions.url ?? '(no route)'}` }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
    let message = err.message;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) message = 'Malformed JSON body';
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'Request body must not be empty';
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Unsupported content type; send application/json';
    return reply.status(status).send({ message });
  });
}
