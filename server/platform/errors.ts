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

/** What of an unexpected error may be logged: its type, code and message, minus any SQL and parameters. */
export function safeError(err: unknown): { type: string; code?: string; message: string } {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const raw = String(e?.message ?? err);
  const message = /failed query|params:|select |insert |update |delete /i.test(raw) ? 'Database query failed' : raw.slice(0, 300);
  return { type: e?.name ?? 'Error', ...(e?.code || e?.cause?.code ? { code: e.code ?? e.cause?.code } : {}), message };
}

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
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      // Never the failed query's SQL or parameters (drizzle puts both in the message), nor a stack in the response.
      request.log.error({ err: safeError(err) }, 'request failed');
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
