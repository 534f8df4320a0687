import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type SessionStore, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; undefined for visitors. */
    user?: SessionUser;
    sessionToken?: string;
  }
}

/** Resolves the session cookie of every /api request and /ws upgrade into `request.user`. */
export function installSessionResolution(app: FastifyInstance, store: SessionStore) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 64) return;
    const user = await store.resolve(token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when the request came over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
