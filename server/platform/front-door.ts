import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { pathVerdict } from './normal-path';

/**
 * A complete answer: status, headers and the exact bytes (none for a 304 or a HEAD). Answerers should build their
 * answers once and return the same object each time, with `content-length` among the headers: the front door then
 * writes them without copying anything (ADR 019). Answers are shared between requests, so nobody may change one.
 */
export type FrontAnswer = { status: number; headers: Record<string, string>; body: Buffer | undefined };
/** Answers a request completely from memory, or returns undefined to let the server handle it. */
export type Answerer = (method: string | undefined, url: string, headers: IncomingHttpHeaders) => FrontAnswer | undefined;

const ACCEPTS = {
  br: /(?:^|,)\s*br\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i,
  gzip: /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i,
};
/** Whether an Accept-Encoding header accepts `name` (listed without q=0). */
export function acceptsEncoding(header: string | undefined, name: 'br' | 'gzip'): boolean {
  if (!header) return false;
  const m = ACCEPTS[name].exec(header);
  return m !== null && (m[1] === undefined || Number(m[1]) > 0);
}

type Log = { info(obj: object, msg: string): void };

/** The 400 answers to paths not in normal form, built once per message (they are shared, like every front answer). */
const REFUSALS = new Map<string, FrontAnswer>();
function refusal(message: string): FrontAnswer {
  let answer = REFUSALS.get(message);
  if (!answer) {
    const body = Buffer.from(JSON.stringify({ message }));
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': String(body.length) };
    answer = { status: 400, headers, body };
    REFUSALS.set(message, answer);
  }
  return answer;
}

/** The answer to a request whose path is not in normal form (normal-path.ts), or undefined for one that is. */
export function normalPathAnswer(method: string | undefined, url: string): FrontAnswer | undefined {
  const verdict = pathVerdict(method, url);
  if (!verdict) return undefined;
  if (verdict.status === 308) return { status: 308, headers: { location: verdict.location, 'cache-control': 'no-store', 'content-length': '0' }, body: undefined };
  return refusal(verdict.message);
}

/** Idle keep-alive connections stay open this long unless Fastify's keepAliveTimeout says otherwise (see config.ts). */
const KEEP_ALIVE_MS = 76_000;

/**
 * The front door (ADR 015): answers that are already known in full — a cached catalogue list or location search
 * for a URL that has passed the whole pipeline before, a built asset, a fresh health answer — are written straight
 * to the socket by the node:http handler, before Fastify builds a request, a reply and a logger for them. Everything
 * else goes to Fastify unchanged. The same answers are given from Fastify's first onRequest hook, so `app.inject`
 * (which bypasses the socket) behaves identically.
 */
export class FrontDoor {
  private readonly answerers: Answerer[] = [];

  constructor(
    private readonly log: Log,
    private readonly logEveryRequest: boolean,
    /** Whether the instance is draining (shutting down): then every answer closes its connection after it. */
    private readonly draining: () => boolean = () => false,
  ) {}

  add(answerer: Answerer): void {
    this.answerers.push(answerer);
  }

  private find(method: string | undefined, url: string, headers: IncomingHttpHeaders): FrontAnswer | undefined {
    for (const answer of this.answerers) {
      const found = answer(method, url, headers);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Fastify's serverFactory: a node:http server whose requests meet the front door first. A path not in normal form
   * is refused or redirected before anything else (normal-path.ts). Idle connections are kept open longer than a
   * proxy in front keeps its own (Fastify's keepAliveTimeout, from KEEP_ALIVE_TIMEOUT_MS), so the proxy never reuses
   * one this server has just closed; the headers timeout is longer still, as Node requires for keep-alive.
   */
  readonly serverFactory: FastifyServerFactory = (handler, opts) => {
    const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      // Draining: a proxy's kept-alive connections are closed after their next answer, so none is left to reuse when
      // the server closes (a request sent on a connection closing under it would fail, and a POST is not retried).
      if (this.draining()) res.shouldKeepAlive = false;
      const url = req.url ?? '/';
      const found = normalPathAnswer(req.method, url) ?? this.find(req.method, url, req.headers);
      if (!found) return handler(req, res);
      const log = this.logEveryRequest || found.status >= 400;
      const started = log ? performance.now() : 0;
      const withBody = found.body !== undefined && req.method !== 'HEAD';
      // An answerer may give the content-length itself (then its header object is written as it is, not copied).
      const headers = found.body && found.headers['content-length'] === undefined ? { ...found.headers, 'content-length': String(found.body.length) } : found.headers;
      res.writeHead(found.status, headers);
      res.end(withBody ? found.body : undefined);
      if (log) {
        const q = url.indexOf('?');
        this.log.info(
          { method: req.method, path: (q === -1 ? url : url.slice(0, q)).slice(0, 200), status: found.status, ms: Math.round((performance.now() - started) * 10) / 10 },
          'request completed',
        );
      }
    });
    server.keepAliveTimeout = typeof opts?.keepAliveTimeout === 'number' ? opts.keepAliveTimeout : KEEP_ALIVE_MS;
    server.headersTimeout = server.keepAliveTimeout + 1000;
    server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
    return server;
  };

  /** The same answers from the first onRequest hook (install before every other hook), for `app.inject`. */
  installHook(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      const found = normalPathAnswer(request.method, request.url) ?? this.find(request.method, request.url, request.headers);
      if (!found) return done();
      // A socket upgrade answered here ends with its answer (@fastify/websocket closes only the upgrades it saw).
      if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket?.destroy());
      void reply.code(found.status).headers(found.headers).send(found.body);
    });
  }
}
