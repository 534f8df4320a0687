import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag: the SHA-256 of the exact JSON body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/"x" matches "x"; "*" matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * Sends `data` as JSON with a strong ETag, or an empty 304 when the client already holds that exact body.
 * `no-cache` makes browsers revalidate every time, so a changed catalogue shows at once.
 */
export function sendJsonWithEtag(request: FastifyRequest, reply: FastifyReply, data: unknown) {
  const body = JSON.stringify(data);
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
