import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import type { SessionUser } from './sessions';

type Role = SessionUser['role'];

/** preHandler: 401 unless the request carries a live session. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler factory: 401 without a session, 403 when the user's role is not one of `roles`. */
export function requireRole(...roles: Role[]) {
  return async function requireRoleHandler(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
