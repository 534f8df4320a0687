import { pino, type DestinationStream, type Logger } from 'pino';
import { runsBackgroundWork, type Config } from '../config';
import type { Database, Db } from '../db/connect';
import { SessionStore } from './auth/sessions';
import { EventBus, eventsChannel } from './events/bus';
import { LiveGateway } from './live/gateway';
import { Mailer } from './mailer/mailer';
import { createMailTransport, type MailTransport } from './mailer/transport';
import { SandboxGateway, StripeGateway, type PaymentGateway } from './payments';
import { LOG_SAFETY } from './errors';
import { Lifecycle } from './lifecycle';
import { createPubSub, type PubSub } from './pubsub';
import { requestIdMixin } from './request-context';

/**
 * Everything a module may use, built once per process by {@link createContext}: configuration, the database, the
 * session store, the payment gateway, pub/sub, the domain event bus, the WebSocket gateway and the mailer.
 * Modules receive it; none of them imports server/app.ts or builds an adapter of its own.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  sessions: SessionStore;
  payments: PaymentGateway;
  pubsub: PubSub;
  events: EventBus;
  live: LiveGateway;
  /** The mail outbox and its worker (SMTP when SMTP_URL is set, the built-in mailbox otherwise). */
  mailer: Mailer;
  /** Starting, ready or draining: what `/readyz` answers (main.ts moves it on). */
  lifecycle: Lifecycle;
  /** Background loops modules start (dispatch ticks); stopped at close. */
  timers: Set<ReturnType<typeof setInterval>>;
  /** Closes what the context opened, in reverse order. The database stays open: its owner closes it. */
  close(): Promise<void>;
};

export type ContextOverrides = {
  /** A specific payment gateway (tests point the Stripe adapter at a local fake). */
  payments?: PaymentGateway;
  /** A specific pub/sub (tests share one in-process bus between two app instances). */
  pubsub?: PubSub;
  /** A specific mail transport. */
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
};

/**
 * The process logger: pino with the secrets of requests redacted, and errors reduced to what may be logged (never a
 * query's SQL or parameters: LOG_SAFETY in platform/errors.ts). Fastify uses this same instance. Every line written
 * while a request is served, or an event it emitted is handled, carries the request's `reqId` (request-context.ts).
 */
export function createLogger(config: Config, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, enabled: config.logLevel !== 'silent', mixin: requestIdMixin, ...LOG_SAFETY };
  return destination ? pino(options, destination) : pino(options);
}

/** The composition root: builds every adapter once. */
export async function createContext(config: Config, database: Database, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = createLogger(config, overrides.logDestination);
  const payments = overrides.payments ?? (config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway());
  const ownPubsub = !overrides.pubsub;
  const pubsub = overrides.pubsub ?? createPubSub(config.redisUrl, { log: (msg) => log.warn(msg), publishTimeoutMs: config.live.publishTimeoutMs });
  const events = new EventBus(database.db, pubsub, log, eventsChannel(database.identity));
  const lifecycle = new Lifecycle();
  const live = new LiveGateway({
    publicUrl: config.publicUrl,
    limits: { socketsPerAddress: config.live.socketsPerAddress, socketsPerUser: config.live.socketsPerUser },
    draining: () => lifecycle.state === 'draining',
  });
  events.listen(live.handle);
  // Events published while this instance's subscription was down never reached its sockets: they reconnect and
  // catch up from the database (a chat rejoin with its last message id, a tracking snapshot).
  const stopResync = pubsub.onResubscribed(() => live.resync());
  // A web process (ROLE=web) runs an event's reactions right after its own commit; the workers sweep what is left.
  await events.start({ sweep: runsBackgroundWork(config) });
  const messageIdDomain = (() => {
    try {
      return new URL(config.siteUrl).hostname || 'golive.local';
    } catch {
      return 'golive.local';
    }
  })();
  const mailer = new Mailer(database.db, overrides.mailTransport ?? createMailTransport(config.smtpUrl), {
    from: config.mailFrom,
    messageIdDomain,
    log,
    claimLeaseMs: config.mail.claimLeaseMs,
    publicBudget: { perAddressPerHour: config.mail.publicPerAddressPerHour, perHour: config.mail.publicPerHour },
    sends: runsBackgroundWork(config),
  });
  mailer.start();
  const timers = new Set<ReturnType<typeof setInterval>>();
  let closed = false;
  return {
    config,
    database,
    db: database.db,
    log,
    sessions: new SessionStore(database.db, config.session),
    payments,
    pubsub,
    events,
    live,
    mailer,
    lifecycle,
    timers,
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      stopResync();
      await events.close();
      await mailer.close();
      if (ownPubsub) await pubsub.close();
    },
  };
}
