import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { runsBackgroundWork, type Config } from './config';
import { installSessionResolution } from './platform/auth/plugin';
import type { AppContext } from './platform/context';
import { installCsrfProtection } from './platform/csrf';
import { installRequestLogging } from './platform/request-log';
import { installRequestContext } from './platform/request-context';
import { IMMUTABLE, assetAnswerer, loadAssets } from './platform/static-assets';
import { FrontDoor } from './platform/front-door';
import { cameOverHttps, proxyTrust } from './platform/client-address';
import { installErrorHandling } from './platform/errors';
import { installTextGuard } from './platform/text-guard';
import { installOpenApi } from './platform/openapi';
import { accountsRoutes } from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { catalogueRoutes, createCatalogueCache } from './modules/catalogue';
import { searchRoutes } from './modules/search';
import { healthRoutes } from './modules/health';
import { metricsRoutes } from './platform/metrics';
import { createLocationsCache, locationsRoutes } from './modules/locations';
import { bookingsRoutes } from './modules/bookings';
import { onboardingRoutes } from './modules/onboarding';
import { paymentsRoutes, registerPayments } from './modules/payments';
import { supportRoutes } from './modules/support';
import { trackingRoutes } from './modules/tracking';
import { driversRoutes, registerDrivers } from './modules/drivers';
import { ordersRoutes, registerOrders } from './modules/orders';
import { availabilityRoutes, registerAvailability } from './modules/availability';
import { notificationsRoutes, registerNotifications } from './modules/notifications';
import { chatRoutes, registerChat } from './modules/chat';
import { registerReviews, reviewsRoutes } from './modules/reviews';
import { providerRoutes } from './modules/provider';
import { moneyAdminRoutes, payoutRoutes, registerPayouts } from './modules/money';
import { documentFor } from '../domain/pages';
import { loadPageRenderer } from './platform/page-renderer';

/** The API's version in the OpenAPI document. */
const API_VERSION = '1.0.0';

/** Paths exempt from the JSON/Origin CSRF rule (signed by their sender instead). */
const CSRF_EXEMPT = ['/api/payments/webhook'];
/** Paths that accept a multipart upload (with X-Requested-With: fetch, see csrf.ts). */
const CSRF_MULTIPART = [/^\/api\/provider\/listings\/[a-z-]+\/\d+\/photos$/];

/** A header value safe to reflect into the CSP: a host name or address with an optional port. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The ws:/wss: origin of this site: PUBLIC_URL's when set, else the request's own Host (checked). */
function ownSocketOrigin(config: Config) {
  const trust = proxyTrust(config.trustProxy);
  return (req: IncomingMessage) => {
    if (config.publicUrl) {
      const u = new URL(config.publicUrl);
      return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
    }
    const host = String(req.headers.host ?? '');
    const secure = cameOverHttps(req, trust);
    return HOST.test(host) ? `${secure ? 'wss' : 'ws'}://${host}` : "'self'";
  };
}

/**
 * Browser features the app does not use are off; geolocation (the driver screen) and payment stay for this origin.
 * Only features browsers know: Chromium logs a console error on every page for one it does not (e.g. `bluetooth`,
 * which is not a Permissions-Policy feature there; Web Bluetooth asks the user anyway).
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=(self "https://js.stripe.com"), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()';

function contentSecurityPolicy(config: Config) {
  const tileOrigin = (() => {
    try {
      return new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
    } catch {
      return undefined;
    }
  })();
  // Stripe.js loads from js.stripe.com and, in current versions, frames from its *.js.stripe.com subdomains.
  const stripe = config.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripe],
      // Radix and Leaflet position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
      // Our own origin and its WebSocket twin only (not any ws:/wss: host): the live features' sockets. The tile origin
      // too: the service worker fetches tiles itself to cache them (ADR 014), under this policy.
      connectSrc: ["'self'", ownSocketOrigin(config), ...(tileOrigin ? [tileOrigin] : []), ...(config.stripe ? ['https://api.stripe.com'] : [])],
      frameSrc: ["'self'", ...stripe, ...(config.stripe ? ['https://hooks.stripe.com'] : [])],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

/**
 * Builds the HTTP and WebSocket server on a context made by the composition root (platform/context.ts): platform
 * plugins, every module's routes and subscribers, and (when built) the client. Closing the app closes the context.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  // Public catalogue and location answers (ADR 015) and the built assets, answered by the front door when known.
  const catalogueCache = createCatalogueCache(ctx);
  const locationsCache = createLocationsCache();
  const front = new FrontDoor(ctx.log, config.logRequests === 'all', () => ctx.lifecycle.state === 'draining');
  front.add((method, url, headers) => (url.startsWith('/api/locations?') ? locationsCache.answer(method, url, headers) : catalogueCache.answer(method, url, headers)));
  front.add(assetAnswerer(loadAssets(config.distDir)));
  const app = Fastify({
    serverFactory: front.serverFactory,
    loggerInstance: ctx.log as FastifyBaseLogger,
    // One rule for the client's address, protocol and host (platform/client-address.ts); the front door's server
    // keeps idle connections open longer than a proxy in front does (KEEP_ALIVE_TIMEOUT_MS).
    trustProxy: proxyTrust(config.trustProxy),
    keepAliveTimeout: config.keepAliveTimeoutMs,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // One line per request only when asked (LOG_REQUESTS=all); by default errors and slow requests (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Closing (the end of a drain, main.ts) stops accepting connections; a request that still arrives on one already
    // open is served, not refused with 503: a proxy does not resend a POST it has sent, so a 503 would reach the user.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.addHook('onClose', async () => ctx.close());

  installRequestLogging(app, config.logRequests);
  // First of all hooks: the front door's answers for requests that do not come through its socket (app.inject).
  front.installHook(app);
  // The request's id for code that has no `request` (services, the events it emits): request-context.ts.
  installRequestContext(app);

  // JSON and other text answers of 1 KB or more, compressed on the fly (cached catalogue answers and built assets
  // carry their own precompressed bytes and are left alone). Request bodies are never decompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await app.register(cookie);
  // Security headers. helmet's middleware is built once here; @fastify/helmet built it anew for every request (ADR 022
  // measured ~4 % of a booking request's CPU in it). The CSP's socket origin is still worked out per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Leaflet tiles and placeholder images are embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    // Match the CSP's frame-ancestors 'none' for browsers that only know X-Frame-Options.
    xFrameOptions: { action: 'deny' },
    // OpenStreetMap's tile servers refuse tile requests without a Referer (helmet's default is no-referrer);
    // this policy sends only our origin to other sites and never the full URL (which can hold tracking ids).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Personal answers must not be kept by the browser or any shared cache: every /api answer to a signed-in
    // request, or one that sets a cookie (sign-in), is no-store unless the route chose a policy itself.
    if (request.url.startsWith('/api/') && (request.user || reply.getHeader('set-cookie')) && !reply.getHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  // Routes opt in with `config: { rateLimit: {...} }`.
  await app.register(rateLimit, { global: false });

  // Before any route: it documents every route registered after it (ADR 017).
  await installOpenApi(app, { version: API_VERSION });

  installCsrfProtection(app, { publicUrl: config.publicUrl, exempt: CSRF_EXEMPT, multipart: CSRF_MULTIPART });
  installSessionResolution(app, ctx.sessions);
  installTextGuard(app);
  await ctx.live.install(app);

  await metricsRoutes(app, ctx);
  await healthRoutes(app, ctx, front);
  await accountsRoutes(app, ctx);
  await catalogueRoutes(app, ctx, catalogueCache);
  await searchRoutes(app, ctx);
  await locationsRoutes(app, ctx, locationsCache);
  await trackingRoutes(app, ctx, await loadPageRenderer(config.distDir));
  await bookingsRoutes(app, ctx);
  await availabilityRoutes(app, ctx);
  // The background work (ROLE all or worker; every job is claimed in the database): hold expiry, the dispatcher's
  // passes, orphaned payment claims, scheduled payouts; the outbox sweep and the mail queue start with the context.
  const background = runsBackgroundWork(config);
  if (background) registerAvailability(ctx);
  await paymentsRoutes(app, ctx);
  // Payment claims orphaned between charge and record are finished by the workers (ADR 035).
  if (background) registerPayments(ctx);
  await onboardingRoutes(app, ctx);
  await supportRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await driversRoutes(app, ctx);
  await ordersRoutes(app, ctx);
  registerOrders(ctx, { tickMs: background ? config.dispatchTickMs : 0 });
  registerDrivers(ctx);
  await notificationsRoutes(app, ctx);
  // After the orders module: its reaction to booking.confirmed creates the deliveries the receipt lists.
  registerNotifications(ctx);
  await chatRoutes(app, ctx);
  await reviewsRoutes(app, ctx);
  registerReviews(ctx);
  registerChat(ctx);
  await providerRoutes(app, ctx);
  await moneyAdminRoutes(app, ctx);
  await payoutRoutes(app, ctx);
  if (background) registerPayouts(ctx);

  await serveClient(app, config.distDir);
  return app;
}

/** Serves the built client with long-lived caching for hashed assets and an SPA fallback to its HTML documents. */
async function serveClient(app: FastifyInstance, distDir: string) {
  const hasClient = existsSync(join(distDir, 'index.html'));
  if (!hasClient) {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The .br/.gz files the build wrote, by Accept-Encoding.
    preCompressed: true,
    // The headers below decide caching alone (send's default 'public, max-age=0' would override them); /sw.js
    // and index.html must stay 'no-cache' so a new version is found (ADR 014).
    cacheControl: false,
    setHeaders(res, path) {
      if (path.startsWith(join(distDir, 'assets'))) res.setHeader('cache-control', IMMUTABLE);
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  const documents = new Set(readdirSync(distDir).filter((file) => file.endsWith('.html')));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    // Files with an extension that do not exist are real 404s; everything else is a client route.
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile(documentFor(path, documents));
  });
}
