import type { FastifyInstance } from 'fastify';

/** Requests slower than this are logged whatever the mode. */
const SLOW_MS = 1000;

/**
 * One log line per request after it was answered: every request with LOG_REQUESTS=all; by default only answers with
 * status 400 or more and slow requests, so a busy server does not spend a large share of each cheap request
 * formatting and writing log lines (measured by `npm run bench`). The path is logged without its query string,
 * which may carry tokens, and a route with parameters only by its pattern (`/track/:id`), never their values.
 */
export function installRequestLogging(app: FastifyInstance, mode: 'errors' | 'all') {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (mode === 'all' || status >= 400 || ms > SLOW_MS) {
      const q = request.url.indexOf('?');
      const route = request.routeOptions.url;
      // A route with parameters is logged by its pattern: its values (a tracking id is a capability) stay out.
      const path = route && /[:*]/.test(route) && !route.endsWith('*') ? undefined : (q === -1 ? request.url : request.url.slice(0, q)).slice(0, 200);
      request.log.info({ method: request.method, ...(route ? { route } : {}), ...(path !== undefined ? { path } : {}), status, ms: Math.round(ms * 10) / 10 }, 'request completed');
    }
    done();
  });
}
