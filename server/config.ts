import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './platform/client-address';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DIST_DIR: z.string().default('./dist/client'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  SMTP_URL: optional,
  /** The sender of every mail. */
  MAIL_FROM: z.string().default('Go Live <no-reply@golive.local>'),
  /** Mails one address may get per hour from unauthenticated requests (sign-up, registration forms); over it none is queued. */
  MAIL_PUBLIC_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Mails the whole site may send per hour from unauthenticated requests. */
  MAIL_PUBLIC_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** How long a mail worker's claim holds without renewal (renewed while sending); a dead worker's mail is retried after it. */
  MAIL_CLAIM_LEASE_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** A Nominatim- or Photon-compatible search endpoint for street addresses; unset: the location directory and the map pin. */
  GEOCODER_URL: optional.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), 'GEOCODER_URL must be an http(s) URL'),
  /** How long a geocoder request may take before the location directory answers instead. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  PUBLIC_URL: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  /** Let ADMIN_EMAIL promote an existing non-admin account (its sessions end). Off by default. */
  ADMIN_PROMOTE_EXISTING: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Sign-ups allowed per source address per hour. */
  SIGNUP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** How often the dispatcher runs (offer expiry, next waves, unassigned flags); 0 turns it off (tests drive it). */
  DISPATCH_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Road kilometres from an order's pickup within which online drivers are offered it (by their last known position). */
  DISPATCH_RADIUS_KM: z.coerce.number().positive().max(500).default(15),
  /** How long an unpaid booking holds its rooms, cars, seats, dates or appointment (any positive number of minutes). */
  BOOKING_HOLD_MINUTES: z.coerce.number().positive().max(7 * 24 * 60).default(15),
  /** How often expired holds are released (ms); 0 turns the sweep off (tests drive it). Bookings and dated searches also release them. */
  HOLD_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** The service fee: this percent of a booking's items (0 turns it off), kept between the minimum and the maximum (cents). */
  SERVICE_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  SERVICE_FEE_MIN_CENTS: z.coerce.number().int().min(0).max(100_000).default(100),
  SERVICE_FEE_MAX_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /** Days a completed order's money waits before it can be paid out (0: at once). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(2),
  /** Hours between scheduled payout runs (one per period across all instances); 0 turns the schedule off. */
  PAYOUT_INTERVAL_HOURS: z.coerce.number().int().min(0).max(8784).default(24),
  /** Listing photos one provider may upload per 10 minutes (every attempt counts; across instances). */
  UPLOAD_LIMIT_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Photos decoded and resized at once per instance (the rest wait in a queue of IMAGE_QUEUE, then 503). */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which requests get a log line: 'errors' (default: answers with status 400 or more, and requests slower than a
   * second) or 'all' (one line per request). Logging every request costs a large share of a cached read.
   */
  LOG_REQUESTS: z.enum(['errors', 'all']).default('errors'),
  /** Longest wait (ms) for Redis on a publish; past it the write answers and its event goes by the outbox. */
  LIVE_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /** Open WebSockets allowed per client address (per instance). */
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Open WebSockets allowed per signed-in account (per instance). */
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Which proxies' X-Forwarded-* to believe (platform/client-address.ts): unset/false/0 none; a number of proxy hops
   * in front of this server; or the proxies' addresses/CIDRs, comma-separated. `true` (trust anyone) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if ('value' in parsed) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /** How long an idle keep-alive connection stays open (ms): longer than the idle timeout of any proxy in front (nginx 75 s, ALB 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(76_000),
  /** After SIGTERM, how long the instance keeps serving (s) while /readyz says 503 and the balancer stops sending. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** What this process runs (issue 30): everything, HTTP and sockets only, or the background work only. */
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' }).default('all'),
  /** The bearer token GET /metrics asks for; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public mail budgets (MAIL_PUBLIC_PER_ADDRESS_PER_HOUR, MAIL_PUBLIC_PER_HOUR) and the worker's claim lease (MAIL_CLAIM_LEASE_MS). */
  mail: { publicPerAddressPerHour: number; publicPerHour: number; claimLeaseMs: number };
  /** The origin links in mail point at: PUBLIC_URL, or this server on localhost. */
  siteUrl: string;
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string };
  mapTileUrl: string;
  /** GEOCODER_URL: street-level address search; undefined: the location directory answers (and the pin places). */
  geocoderUrl?: string;
  geocoderTimeoutMs: number;
  publicUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** UPLOAD_LIMIT_PER_10_MIN, IMAGE_CONCURRENCY, IMAGE_QUEUE: photo uploads per provider, decodes at once, waiting. */
  uploads: { limitPer10Min: number; concurrency: number; queue: number };
  logLevel: string;
  logRequests: 'errors' | 'all';
  /** TRUST_PROXY: the proxies whose X-Forwarded-* are believed (clientAddress, Fastify's request.ip/protocol/host). */
  trustProxy: TrustProxy;
  /** KEEP_ALIVE_TIMEOUT_MS: the HTTP server's keep-alive timeout; its headers timeout is a second longer. */
  keepAliveTimeoutMs: number;
  /** DRAIN_SECONDS in milliseconds. */
  drainMs: number;
  /**
   * ROLE: 'web' answers HTTP and sockets, 'worker' runs the background work (the outbox sweep, the mail queue, offer
   * dispatch, hold expiry, scheduled payouts), 'all' both. Every job is claimed in the database, so any number of
   * each can run on one PostgreSQL + Redis.
   */
  role: 'all' | 'web' | 'worker';
  metricsToken?: string;
  dispatchTickMs: number;
  /** DISPATCH_RADIUS_KM: only drivers this many road km or less from the pickup are offered an order. */
  dispatchRadiusKm: number;
  /** BOOKING_HOLD_MINUTES in milliseconds. */
  bookingHoldMs: number;
  holdSweepMs: number;
  /** SERVICE_FEE_PERCENT (of the items), SERVICE_FEE_MIN_CENTS, SERVICE_FEE_MAX_CENTS: see domain/bookings/breakdown.ts. */
  serviceFee: { percent: number; minCents: number; maxCents: number };
  /** PAYOUT_HOLD_DAYS: days a completed order's money is held before a payout. */
  payoutHoldDays: number;
  /** PAYOUT_INTERVAL_HOURS: the payout schedule's period; 0 = no scheduled runs. */
  payoutIntervalHours: number;
  /** Session lifetimes in milliseconds. */
  session: { idleMs: number; absoluteMs: number };
  /** The sign-in throttle (ADR 016): per account + address, per address, and the account-wide slow-down. */
  loginThrottle: { max: number; windowMs: number; ipMax: number; slowAfter: number; slowIntervalMs: number };
  /** Sign-ups per source address per window. */
  signupLimit: { max: number; windowMs: number };
  /** Bookings created per user per window. */
  bookingLimit: { max: number; windowMs: number };
  /** ADMIN_PROMOTE_EXISTING: ADMIN_EMAIL may name an existing non-admin account, which is then promoted. */
  adminPromoteExisting: boolean;
  /** LIVE_PUBLISH_TIMEOUT_MS, LIVE_SOCKETS_PER_ADDRESS, LIVE_SOCKETS_PER_USER: the live sockets' bounds. */
  live: { publishTimeoutMs: number; socketsPerAddress: number; socketsPerUser: number };
};

/** Parses the environment once, at start. Every variable has a safe default for a laptop. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(`Invalid environment:\n  ROLE: ${e.ROLE} needs DATABASE_URL (PostgreSQL): the embedded database runs in one process, which is ROLE=all`);
  }
  if (e.SERVICE_FEE_MIN_CENTS > e.SERVICE_FEE_MAX_CENTS) throw new Error('Invalid environment:\n  SERVICE_FEE_MIN_CENTS: must not be more than SERVICE_FEE_MAX_CENTS');
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    distDir: resolve(e.DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mail: { publicPerAddressPerHour: e.MAIL_PUBLIC_PER_ADDRESS_PER_HOUR, publicPerHour: e.MAIL_PUBLIC_PER_HOUR, claimLeaseMs: e.MAIL_CLAIM_LEASE_MS },
    siteUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    stripe,
    mapTileUrl: e.MAP_TILE_URL,
    geocoderUrl: e.GEOCODER_URL,
    geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    uploads: { limitPer10Min: e.UPLOAD_LIMIT_PER_10_MIN, concurrency: e.IMAGE_CONCURRENCY, queue: e.IMAGE_QUEUE },
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    trustProxy: e.TRUST_PROXY,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    drainMs: Math.round(e.DRAIN_SECONDS * 1000),
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN,
    dispatchTickMs: e.DISPATCH_TICK_MS,
    dispatchRadiusKm: e.DISPATCH_RADIUS_KM,
    bookingHoldMs: Math.round(e.BOOKING_HOLD_MINUTES * 60_000),
    holdSweepMs: e.HOLD_SWEEP_MS,
    serviceFee: { percent: e.SERVICE_FEE_PERCENT, minCents: e.SERVICE_FEE_MIN_CENTS, maxCents: e.SERVICE_FEE_MAX_CENTS },
    payoutHoldDays: e.PAYOUT_HOLD_DAYS,
    payoutIntervalHours: e.PAYOUT_INTERVAL_HOURS,
    session: { idleMs: 7 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 },
    loginThrottle: { max: 10, windowMs: 15 * 60_000, ipMax: 30, slowAfter: 10, slowIntervalMs: 30_000 },
    signupLimit: { max: e.SIGNUP_LIMIT, windowMs: 60 * 60_000 },
    bookingLimit: { max: 20, windowMs: 10 * 60_000 },
    adminPromoteExisting: e.ADMIN_PROMOTE_EXISTING,
    live: { publishTimeoutMs: e.LIVE_PUBLISH_TIMEOUT_MS, socketsPerAddress: e.LIVE_SOCKETS_PER_ADDRESS, socketsPerUser: e.LIVE_SOCKETS_PER_USER },
  };
}

/** Whether this process runs the background work (ROLE all or worker). */
export const runsBackgroundWork = (config: Pick<Config, 'role'>): boolean => config.role !== 'web';
