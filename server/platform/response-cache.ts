import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding, type FrontAnswer } from './front-door';
import type { EventBus } from './events/bus';
import { etagMatches, etagOf } from './etag';

/**
 * One cached answer: the exact JSON bytes, their strong ETag, the same bytes compressed once, and the headers that
 * belong to the answer itself (a page's X-Total-Count and Link), sent again with every hit and 304.
 */
export type CachedBody = {
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  headers?: Readonly<Record<string, string>>;
};

/** What a load may return when its answer carries headers of its own: the JSON data and those headers. */
export class WithHeaders {
  constructor(
    readonly data: unknown,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** The front door's key for a remembered answer: the Host header and the raw URL. */
const urlKey = (host: string | undefined, url: string) => `${host ?? ''} ${url}`;

/**
 * A raw request URL that was answered through the whole pipeline: its complete answers (with the headers that
 * pipeline set), built once when the URL is remembered so that answering it again allocates nothing.
 */
type UrlAlias = {
  entry: CachedBody;
  generation: number;
  identity: FrontAnswer;
  gzip?: FrontAnswer;
  br?: FrontAnswer;
  notModified: FrontAnswer;
};

/** The answers the front door gives for a remembered URL: 200 in each encoding held, and 304. */
function aliasOf(entry: CachedBody, pipelineHeaders: Record<string, string>, generation: number): UrlAlias {
  const headers = { ...pipelineHeaders, etag: entry.etag };
  const ok = (body: Buffer, encoding?: 'gzip' | 'br'): FrontAnswer => ({
    status: 200,
    headers: { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) },
    body,
  });
  return {
    entry,
    generation,
    identity: ok(entry.body),
    gzip: entry.gzip && ok(entry.gzip, 'gzip'),
    br: entry.br && ok(entry.br, 'br'),
    notModified: { status: 304, headers, body: undefined },
  };
}

type Options = {
  /** The Cache-Control sent with every answer ('no-cache': browsers revalidate each time, and get 304s). */
  cacheControl: string;
  /** Bodies at least this long (bytes) are also kept gzip- and brotli-compressed. */
  compressAbove?: number;
  maxEntries?: number;
  maxUrls?: number;
};

/** Headers that belong to one response, never copied to another. */
const PER_RESPONSE = new Set(['content-length', 'set-cookie', 'etag', 'content-encoding', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** `br` or `gzip` when the client accepts it (and we hold that variant), else undefined (identity). */
function pickEncoding(acceptEncoding: string | undefined, entry: CachedBody): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || !entry.gzip) return undefined;
  if (entry.br && acceptsEncoding(acceptEncoding, 'br')) return 'br';
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

/**
 * An in-process cache of public GET answers (ADR 015), keyed by route and normalised query, holding the serialised
 * body, its ETag and compressed variants. The catalogue's lists and the locations search each have one (they live
 * here, not in either module, because both use it).
 *
 * Freshness: `invalidate()` (the catalogue calls it for every 'catalogue.changed' event, on every instance) bumps a generation and
 * empties the cache. A load records the generation it started under and stores its result only if no invalidation
 * happened meanwhile, so a read that began before a write can never put the old data back.
 *
 * Speed: the first time a raw URL is answered through the whole pipeline (validation, guards, helmet headers), the
 * URL is remembered with the headers that pipeline set; `answer` then lets the front door answer that exact URL
 * before the rest of the server sees it.
 */
export class ResponseCache {
  private generation = 0;
  private readonly entries = new Map<string, CachedBody>();
  private readonly urls = new Map<string, UrlAlias>();
  private readonly compressAbove: number;
  private readonly maxEntries: number;
  private readonly maxUrls: number;
  /** Counters for the bench and the tests. */
  readonly stats = { hits: 0, misses: 0, fastHits: 0, invalidations: 0, discarded: 0 };

  constructor(private readonly opts: Options) {
    this.compressAbove = opts.compressAbove ?? 1024;
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxUrls = opts.maxUrls ?? 5000;
  }

  get size() {
    return { entries: this.entries.size, urls: this.urls.size, generation: this.generation };
  }

  /** Forgets everything; loads in flight from before this call will not be stored. */
  invalidate(): void {
    this.generation += 1;
    this.stats.invalidations += 1;
    this.entries.clear();
    this.urls.clear();
  }

  /** Invalidates on every 'catalogue.changed' event, whichever instance emitted it; writes answer after the echo. */
  invalidateOn(events: EventBus): void {
    events.on('catalogue.changed', () => this.invalidate());
    events.listen((event) => {
      if (event.type === 'catalogue.changed') this.invalidate();
    });
    events.awaitEcho('catalogue.changed');
  }

  private encode(loaded: unknown): CachedBody {
    const withHeaders = loaded instanceof WithHeaders;
    const body = Buffer.from(JSON.stringify(withHeaders ? loaded.data : loaded));
    // The ETag covers the headers too: a page whose total or next link changed is not the same answer.
    const entry: CachedBody = { body, etag: withHeaders ? etagOf(Buffer.concat([body, Buffer.from(JSON.stringify(loaded.headers))])) : etagOf(body) };
    if (withHeaders) entry.headers = loaded.headers;
    if (body.length >= this.compressAbove) {
      entry.gzip = gzipSync(body, { level: 6 });
      entry.br = brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    }
    return entry;
  }

  private static bounded<V>(map: Map<string, V>, max: number) {
    // Maps iterate in insertion order: drop the oldest.
    while (map.size > max) map.delete(map.keys().next().value as string);
  }

  /**
   * The cached answer for `key`, or `load()`'s, stored unless the cache was invalidated while loading. A load may
   * return `new WithHeaders(data, headers)` for an answer with headers of its own.
   */
  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits += 1;
      return hit;
    }
    this.stats.misses += 1;
    const generation = this.generation;
    const entry = this.encode(await load());
    if (generation === this.generation) {
      this.entries.set(key, entry);
      ResponseCache.bounded(this.entries, this.maxEntries);
    } else {
      this.stats.discarded += 1;
    }
    return entry;
  }

  /**
   * Answers a request from the cache (loading on a miss). With `rememberUrl`, the request's raw URL is kept for
   * the fast path; pass false when the URL's validity depends on something besides the catalogue (the clock).
   */
  async reply(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>, rememberUrl = true) {
    const generation = this.generation;
    const entry = await this.get(key, load);
    this.decorate(reply, entry);
    if (rememberUrl && request.method === 'GET' && generation === this.generation && this.entries.get(key) === entry) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE.has(name.toLowerCase())) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      // Keyed by Host too: some headers the pipeline set depend on it (the CSP names the own ws:/wss: origin).
      this.urls.set(urlKey(request.headers.host, request.url), aliasOf(entry, headers, generation));
      ResponseCache.bounded(this.urls, this.maxUrls);
    }
    return this.send(request, reply, entry);
  }

  private decorate(reply: FastifyReply, entry: CachedBody) {
    if (entry.headers) reply.headers(entry.headers);
    reply.header('cache-control', this.opts.cacheControl).header('etag', entry.etag).type('application/json; charset=utf-8');
    if (entry.gzip) reply.header('vary', 'accept-encoding');
  }

  private send(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding'], entry);
    if (encoding) return reply.header('content-encoding', encoding).send(entry[encoding]);
    return reply.send(entry.body);
  }

  /**
   * The whole answer to a remembered URL (status, headers, bytes), or undefined: what the front door
   * (server/platform/front-door.ts) sends before Fastify sees the request. A remembered URL has already passed
   * validation and guards once, and its answer depends on nothing but the URL.
   */
  answer(method: string | undefined, url: string, headers: IncomingHttpHeaders): FrontAnswer | undefined {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const alias = this.urls.get(urlKey(headers.host, url));
    if (!alias || alias.generation !== this.generation) return undefined;
    this.stats.fastHits += 1;
    // Prebuilt answers: nothing is allocated per request (a copied header object per answer was promoted to the old
    // generation under load and grew the heap by ~1 KB a request until the next full GC; see ADR 019).
    if (etagMatches(headers['if-none-match'], alias.entry.etag)) return alias.notModified;
    const encoding = pickEncoding(headers['accept-encoding'], alias.entry);
    return (encoding && alias[encoding]) || alias.identity;
  }
}
