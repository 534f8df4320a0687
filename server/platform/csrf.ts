import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** The request's own host as a URL would print it (default ports dropped), to compare with an Origin. */
function ownHost(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}://${host}`).host;
  } catch {
    return undefined;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for a cookie-session JSON API: a state-changing request must be application/json (a cross-site
 * form cannot send that without a CORS preflight, which we never grant), and when it carries an Origin header
 * that origin must be our own.
 */
/**
 * Uploads (multipart/form-data) are allowed on `multipart` paths only when they also carry the header
 * `X-Requested-With: fetch`: a cross-site form cannot set a header, and a cross-site fetch that does needs a CORS
 * preflight, which we never grant.
 */
export function installCsrfProtection(app: FastifyInstance, opts: { publicUrl?: string; exempt?: string[]; multipart?: RegExp[] } = {}) {
  const exempt = new Set(opts.exempt ?? []);
  const publicHost = opts.publicUrl ? new URL(opts.publicUrl).host : undefined;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0];
    if (exempt.has(path)) return;
    const origin = request.headers.origin;
    if (origin) {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (!host || (host !== ownHost(request.protocol, request.host) && host !== publicHost)) {
        throw new HttpError(403, 'Cross-origin request refused');
      }
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'multipart/form-data' && request.headers['x-requested-with'] === 'fetch' && (opts.multipart ?? []).some((re) => re.test(path))) return;
    if (type !== 'application/json') {
      throw new HttpError(415, 'State-changing requests must be sent as application/json');
    }
  });
}
