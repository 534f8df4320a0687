import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

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

  /** Fastify's serverFactory: a node:http server whose requests meet the front door first. */
  readonly serverFactory: FastifyServerFactory = (handler) => {
    const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '/';
      const found = this.find(req.method, url, req.headers);
      if (!found) return handler(req, res);
      const started = this.logEveryRequest ? performance.now() : 0;
      const withBody = found.body !== undefined && req.method !== 'HEAD';
      // An answerer may give the content-length itself (then its header object is written as it is, not copied).
      const headers = found.body && found.headers['content-length'] === undefined ? { ...found.headers, 'content-length': String(found.body.length) } : found.headers;
      res.writeHead(found.status, headers);
      res.end(withBody ? found.body : undefined);
      if (this.logEveryRequest) {
        const q = url.indexOf('?');
        this.log.info(
          { method: req.method, path: q === -1 ? url : url.slice(0, q), status: found.status, ms: Math.round((performance.now() - started) * 10) / 10 },
          'request completed',
        );
      }
    });
    return server;
  };

  /** The same answers from the first onRequest hook (install before every other hook), for `app.inject`. */
  installHook(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      const found = this.find(request.method, request.url, request.headers);
      if (!found) return done();
      void reply.code(found.status).headers(found.headers).send(found.body);
    });
  }
}
