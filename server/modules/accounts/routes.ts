import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describeDevice,
  LoginSchema,
  OkSchema,
  PublicUserSchema,
  REGISTER_ANSWER,
  RegisterAnswerSchema,
  RegisterSchema,
  SessionInfoSchema,
  SetPasswordSchema,
  SignedOutEverywhereSchema,
  SIGN_IN_LINK_REQUIRED,
  SIGN_IN_LINK_SENT,
  SignInLinkSchema,
  SuccessSchema,
  type PublicUser,
  type SessionInfo,
} from '../../../domain/accounts/schemas';
import { limit, RateCounters } from '../../platform/rate-counters';
import type { AppContext } from '../../platform/context';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/plugin';
import { currentUser, requireUser } from '../../platform/auth/guards';
import { HttpError, unauthorized } from '../../platform/errors';
import { ForgotPasswordSchema, FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, ResetPasswordSchema } from '../../../domain/notifications/schemas';
import { ACCOUNT_DISABLED } from '../../../domain/admin/users';
import {
  authenticate,
  DEVICE_COOKIE,
  FORGOT_PASSWORD_MIN_MS,
  LoginThrottle,
  registerUser,
  requestPasswordReset,
  sendSignInLink,
  setPasswordWithToken,
  signInWithLink,
} from './service';

export async function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(ctx.db, ctx.config.loginThrottle);
  const counters = new RateCounters(ctx.db);

  /** 201 with the same answer whether the e-mail was free or not (ADR 016); limited per source address. */
  r.post('/api/auth/register', { schema: { body: RegisterSchema, response: { 201: RegisterAnswerSchema } } }, async (request, reply) => {
    const { max, windowMs } = ctx.config.signupLimit;
    await limit(counters, `signup:${request.ip}`, max, windowMs, 'Too many sign-ups from this address. Please try again later.');
    await registerUser(ctx.events, request.body);
    return reply.status(201).send({ message: REGISTER_ANSWER });
  });

  /** A fresh session for `user` (an earlier one of this browser ends); the browser is remembered as known (ADR 016). */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: PublicUser) => {
    if (request.sessionToken) await ctx.sessions.destroy(request.sessionToken);
    const { token, expiresAt } = await ctx.sessions.create(user.id, { userAgent: request.headers['user-agent'] });
    setSessionCookie(request, reply, token, expiresAt);
    // This browser is now known to the account: exempt from its slow-down, with a budget of its own.
    const device = await throttle.rememberDevice(user.id, request.cookies[DEVICE_COOKIE]);
    if (device) {
      reply.setCookie(DEVICE_COOKIE, device, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 365 * 24 * 3600,
      });
    }
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  };

  r.post('/api/auth/login', { schema: { body: LoginSchema, response: { 200: PublicUserSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    // Every counter is reserved before the password is checked (ADR 016): concurrency cannot exceed the limits.
    const admission = await throttle.reserve(request.ip, email, request.cookies[DEVICE_COOKIE]);
    if ('link' in admission) {
      // The account is under attack and this browser is new to it: the owner signs in with the mailed link (issue 27).
      await sendSignInLink(ctx, email);
      const { retryAfter } = admission.link;
      throw new HttpError(429, SIGN_IN_LINK_SENT, undefined, { code: SIGN_IN_LINK_REQUIRED, retryAfter }, { 'retry-after': String(retryAfter) });
    }
    const attempt = admission.check;
    const user = await authenticate(ctx.db, email, password);
    if (!user) {
      await attempt.failed();
      throw new HttpError(401, 'Invalid credentials');
    }
    await attempt.succeeded();
    // An account an admin disabled signs in nowhere (its sessions ended when it was disabled).
    if (user.disabled) throw new HttpError(403, ACCOUNT_DISABLED);
    return startSession(request, reply, user);
  });

  /** Spends a one-time sign-in link (`/login/link?token=...`, mailed when the account was under attack): signs in. */
  r.post(
    '/api/auth/login/link',
    { schema: { body: SignInLinkSchema, response: { 200: PublicUserSchema } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const user = await signInWithLink(ctx.db, request.body.token);
      if (user.disabled) throw new HttpError(403, ACCOUNT_DISABLED);
      return startSession(request, reply, user);
    },
  );

  r.post('/api/auth/logout', { schema: { response: { 200: SuccessSchema } } }, async (request, reply) => {
    if (request.sessionToken) await ctx.sessions.destroy(request.sessionToken);
    clearSessionCookie(request, reply);
    return reply.status(200).send({ success: true });
  });

  /** Spends a one-time set-password link (accounts created for someone else, e.g. an approved driver). */
  r.post(
    '/api/auth/set-password',
    { schema: { body: SetPasswordSchema, response: { 200: OkSchema } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await setPasswordWithToken(ctx.db, request.body.token, request.body.password);
      return { ok: true };
    },
  );

  /**
   * Always the same 202, known e-mail or not, after the same work and no sooner than FORGOT_PASSWORD_MIN_MS (issue 27);
   * limited per client, and per address in the service.
   */
  r.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: { 202: RegisterAnswerSchema } }, config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const floor = setTimeout(FORGOT_PASSWORD_MIN_MS);
      await requestPasswordReset(ctx, request.body.email);
      await floor;
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: OkSchema } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await setPasswordWithToken(ctx.db, request.body.token, request.body.password, { purpose: 'reset-password', invalidMessage: RESET_LINK_INVALID });
      return { ok: true };
    },
  );

  /** The account's signed-in browsers (device, last seen), this one marked. */
  r.get('/api/account/sessions', { preHandler: requireUser, schema: { response: { 200: z.array(SessionInfoSchema) } } }, async (request): Promise<SessionInfo[]> => {
    const rows = await ctx.sessions.list(currentUser(request).id, request.sessionToken);
    return rows.map((s) => ({ id: s.id, device: describeDevice(s.userAgent), createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.current }));
  });

  /** 'Sign out everywhere': every session of the account ends, this one included. */
  r.post('/api/account/sessions/sign-out-everywhere', { preHandler: requireUser, schema: { response: { 200: SignedOutEverywhereSchema } } }, async (request, reply) => {
    const ended = await ctx.sessions.destroyAll(currentUser(request).id);
    clearSessionCookie(request, reply);
    return { ended };
  });

  // Who is signed in, as a question that always has an answer: {user} or {user: null} with 200. The client asks this
  // on every page, so a signed-out visit logs no failed request (a 401 shows as a console error in browsers).
  r.get('/api/auth/session', { schema: { response: { 200: z.object({ user: PublicUserSchema.nullable() }) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ?? null };
  });

  r.get('/api/auth/me', { preHandler: requireUser, schema: { response: { 200: PublicUserSchema } } }, async (request) => {
    if (!request.user) throw unauthorized();
    return request.user;
  });
}
