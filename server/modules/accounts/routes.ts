import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginSchema, RegisterSchema, SetPasswordSchema } from '../../../domain/accounts/schemas';
import type { AppContext } from '../../platform/context';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/plugin';
import { requireUser } from '../../platform/auth/guards';
import { HttpError, unauthorized } from '../../platform/errors';
import { ForgotPasswordSchema, FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, ResetPasswordSchema } from '../../../domain/notifications/schemas';
import { authenticate, LoginThrottle, registerUser, requestPasswordReset, setPasswordWithToken } from './service';

export async function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(ctx.db, ctx.config.loginThrottle);

  r.post('/api/auth/register', { schema: { body: RegisterSchema } }, async (request, reply) => {
    const user = await registerUser(ctx.events, request.body);
    return reply.status(201).send(user);
  });

  r.post('/api/auth/login', { schema: { body: LoginSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    await throttle.check(request.ip, email);
    const user = await authenticate(ctx.db, email, password);
    if (!user) {
      await throttle.recordFailure(request.ip, email);
      throw new HttpError(401, 'Invalid credentials');
    }
    await throttle.recordSuccess(email);
    // A fresh token at each sign-in; an earlier session of this browser is ended.
    if (request.sessionToken) await ctx.sessions.destroy(request.sessionToken);
    const { token, expiresAt } = await ctx.sessions.create(user.id);
    setSessionCookie(request, reply, token, expiresAt);
    return user;
  });

  r.post('/api/auth/logout', async (request, reply) => {
    if (request.sessionToken) await ctx.sessions.destroy(request.sessionToken);
    clearSessionCookie(request, reply);
    return reply.status(200).send({ success: true });
  });

  /** Spends a one-time set-password link (accounts created for someone else, e.g. an approved driver). */
  r.post(
    '/api/auth/set-password',
    { schema: { body: SetPasswordSchema }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await setPasswordWithToken(ctx.db, request.body.token, request.body.password);
      return { ok: true };
    },
  );

  /** Always the same 202, known e-mail or not; limited per client, and per account in the service. */
  r.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordSchema }, config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await requestPasswordReset(ctx.events, request.body.email);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordSchema }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await setPasswordWithToken(ctx.db, request.body.token, request.body.password, { purpose: 'reset-password', invalidMessage: RESET_LINK_INVALID });
      return { ok: true };
    },
  );

  // Who is signed in, as a question that always has an answer: {user} or {user: null} with 200. The client asks this
  // on every page, so a signed-out visit logs no failed request (a 401 shows as a console error in browsers).
  r.get('/api/auth/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ?? null };
  });

  r.get('/api/auth/me', { preHandler: requireUser }, async (request) => {
    if (!request.user) throw unauthorized();
    return request.user;
  });
}
