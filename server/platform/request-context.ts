import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Logger } from 'pino';

/**
 * The id of the HTTP request the running code serves (Fastify's `request.id`), kept in an AsyncLocalStorage so that
 * code far from the route (a service, the event bus) knows it without taking it as a parameter. It is how a request
 * id reaches every log line of a request (the logger's {@link requestIdMixin}) and the domain events it emits: the
 * bus stores it with each event and runs the event's handlers under it again, on whichever instance dispatches them.
 */
const storage = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** Runs `fn` as part of the request `reqId` (the handlers of an event it emitted); without one, as it stands. */
export function withRequestId<R>(reqId: string | null | undefined, fn: () => R): R {
  return reqId ? storage.run({ reqId }, fn) : fn();
}

/** Runs `fn` outside any request: work that serves many callers (the mail worker's pass) is no one request's. */
export function outsideRequest<R>(fn: () => R): R {
  return storage.exit(fn);
}

/**
 * Enters the request's context for the rest of its hooks and its handler. Entered again in preValidation, after the
 * body was read (as @fastify/request-context does): the body's stream callbacks are the socket's, and whether they
 * keep what onRequest entered depends on Node's version (AsyncLocalStorage's implementation changed in Node 24).
 */
export function installRequestContext(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => storage.run({ reqId: request.id }, done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}

/**
 * pino's `mixin`: a line logged while a request is served carries its `reqId`, whichever logger wrote it (the
 * process logger in a service, an event handler). Fastify's `request.log` has it bound already, so it is not added
 * twice there.
 */
export function requestIdMixin(_line: object, _level: number, logger: Logger): object {
  const reqId = storage.getStore()?.reqId;
  return reqId === undefined || logger.bindings().reqId !== undefined ? {} : { reqId };
}
