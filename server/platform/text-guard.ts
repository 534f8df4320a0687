import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '../../domain/limits';
import { HttpError } from './errors';

/** NUL, or a UTF-16 surrogate without its pair: text PostgreSQL cannot store and no person types. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const BAD_TEXT_MESSAGE = 'Text must not contain NUL characters or invalid Unicode';

/** The dotted path of the first string (or key) in `value` that holds bad text, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (depth > 64) return null;
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findBadText(v, [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (BAD_TEXT.test(k)) return [...path, '_key'].join('.');
      const found = findBadText(v, [...path, k], depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** True when `value` nests arrays/objects deeper than `max` levels (stops looking as soon as it is). */
export function tooDeep(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
export const TOO_DEEP_MESSAGE = `Request must not be nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Refuses, at the edge, any request — /api, the documents (/track/:id), /uploads, the sockets' upgrade — whose path
 * parameters, query or JSON body carries a NUL character or a lone surrogate (400 with the field), or that nests
 * deeper than MAX_JSON_DEPTH: before validation or a query sees it (issue 27: `GET /track/%00` reached PostgreSQL).
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (tooDeep(part, MAX_JSON_DEPTH)) throw new HttpError(400, TOO_DEEP_MESSAGE);
      const field = findBadText(part);
      if (field !== null) throw new HttpError(400, BAD_TEXT_MESSAGE, { [field]: BAD_TEXT_MESSAGE });
    }
  });
}
