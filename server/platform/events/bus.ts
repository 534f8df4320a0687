import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { TRANSIENT_EVENTS, type DomainEvent, type DomainEventMap, type DomainEventType } from '../../../domain/events';
import type { Db, Tx } from '../../db/connect';
import { preparedOn } from '../../db/statements';
import { domainEvents } from '../../db/schema';
import type { PubSub } from '../pubsub';
import { currentRequestId, withRequestId } from '../request-context';

/**
 * The pub/sub channel the instances of one deployment listen on for published domain events. It is named after the
 * database, so deployments (or test files) that share one Redis but not one database never hear each other's events.
 */
export const eventsChannel = (databaseIdentity: string) => `go-live:events:${databaseIdentity}`;

type Handler<T extends DomainEventType> = (payload: DomainEventMap[T], event: DomainEvent<T>) => Promise<void> | void;
type Listener = (event: DomainEvent) => void;
type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Records events inside a transaction; what `EventBus.transaction` hands to its callback. */
export type Emit = <T extends DomainEventType>(type: T, payload: DomainEventMap[T]) => Promise<void>;

const MAX_ATTEMPTS = 10;

// The claim runs for every event (every paid booking) on the database itself: prepared once (server/db/statements.ts).
const claimEvents = preparedOn('outbox_claim', (db) =>
  db
    .update(domainEvents)
    .set({ dispatchedAt: sql`now()`, attempts: sql`${domainEvents.attempts} + 1` })
    .where(and(sql`${domainEvents.id} = any(${sql.placeholder('ids')}::int[])`, isNull(domainEvents.dispatchedAt)))
    .returning(),
);

/**
 * The typed domain event bus with a transactional outbox.
 *
 * 1. `transaction(fn)` runs `fn` in a database transaction; `emit` inside it writes an outbox row in that same
 *    transaction, so an event exists exactly when the change that caused it committed.
 * 2. After commit the rows are claimed (an atomic UPDATE ... WHERE dispatched_at IS NULL, so one instance wins) and
 *    handed to this process's subscribers (`on`): the reactions of other modules, which run once per event.
 *    Handlers must be idempotent: a failed one leaves the event unclaimed and the sweeper retries it with backoff.
 * 3. Then the event is published on pub/sub; every instance (this one included) passes it to its listeners
 *    (`listen`), which relay it to WebSocket clients. Listeners never change state. A publish pub/sub cannot take
 *    within its bound (Redis down or hung) does not hold the write up: the row is marked publish-only and the
 *    sweeper of any instance that can publish sends it later, without running the handlers again.
 *
 * Transient events (a position fix) skip the outbox: their own rows are the durable record; `announce` publishes
 * them after the caller's commit.
 *
 * An event emitted while an HTTP request is served keeps that request's id (`request_id`), and its handlers run
 * under it again (platform/request-context.ts): their log lines carry the request's `reqId`, on any instance.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventType, Handler<DomainEventType>[]>();
  private readonly listeners: Listener[] = [];
  private unsubscribe?: () => Promise<void>;
  private sweeper?: ReturnType<typeof setInterval>;
  private sweeping = false;
  private closed = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Event types whose publication waits for its echo (see `awaitEcho`), with the longest wait in ms. */
  private readonly echoed = new Map<DomainEventType, number>();
  private readonly awaitingEcho = new Map<number, () => void>();
  /**
   * Outbox events this instance has claimed, and of those the ones whose handlers failed (each attempt counts),
   * since it started: read by /metrics (platform/metrics.ts) as `jobs_claimed_total` / `jobs_failed_total`.
   */
  readonly jobs = { claimed: 0, failed: 0 };

  constructor(
    /** The database the outbox lives in; services reach it through the bus they were given. */
    readonly db: Db,
    private readonly pubsub: PubSub,
    private readonly log: Log,
    private readonly channel: string = eventsChannel('default'),
  ) {}

  /** Subscribes to pub/sub and (unless `sweep: false`) starts the sweeper that retries undispatched events. */
  async start(opts: { sweepMs?: number; sweep?: boolean } = {}): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(this.channel, (message) => this.deliver(message));
    if (opts.sweep === false) return;
    const every = opts.sweepMs ?? 1000;
    this.sweeper = setInterval(() => void this.sweep(), every);
    this.sweeper.unref();
  }

  /** Registers a reaction that runs once per event, on the instance that dispatches it. */
  on<T extends DomainEventType>(type: T, handler: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as Handler<DomainEventType>);
    this.handlers.set(type, list);
  }

  /** Registers a listener for every published event, from any instance (relays to sockets). */
  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * Makes the publication of `type` wait (at most `timeoutMs`) until this instance has received the event back from
   * pub/sub and run its listeners. Redis hands a message to every subscriber at once, so when the echo is back the
   * other instances have been sent it too: the write that emitted it answers only after that (the catalogue cache
   * relies on this so the next read on any instance is fresh).
   */
  awaitEcho(type: DomainEventType, timeoutMs = 1000): void {
    this.echoed.set(type, timeoutMs);
  }

  /** Writes an event to the outbox inside `tx`. Prefer `transaction`, which also dispatches after commit. */
  async record<T extends DomainEventType>(tx: Db | Tx, type: T, payload: DomainEventMap[T]): Promise<number> {
    const [row] = await tx
      .insert(domainEvents)
      .values({ type, payload: payload as unknown as Record<string, unknown>, requestId: currentRequestId() ?? null })
      .returning({ id: domainEvents.id });
    return row.id;
  }

  /**
   * Runs `fn` in a transaction whose emitted events are dispatched once it has committed. `committed` runs right after
   * the commit, before the dispatch (the reactions).
   */
  async transaction<R>(fn: (tx: Tx, emit: Emit) => Promise<R>, opts: { committed?: (result: R) => void } = {}): Promise<R> {
    const ids: number[] = [];
    const result = await this.db.transaction(async (tx) => {
      const emit: Emit = async (type, payload) => {
        ids.push(await this.record(tx, type, payload));
      };
      return fn(tx, emit);
    });
    opts.committed?.(result);
    if (ids.length > 0) await this.dispatch(ids);
    return result;
  }

  /**
   * Publishes a transient event (no outbox row); call it after the change it reports has committed. With `keep`, an
   * event that cannot be published now (pub/sub down or slow) is written to the outbox, and the sweeper of any
   * instance publishes it once pub/sub is back; without it such an event is dropped (a position: the next one and
   * the snapshot a reconnecting page reads make up for it).
   */
  async announce<T extends (typeof TRANSIENT_EVENTS)[number]>(type: T, payload: DomainEventMap[T], opts: { keep?: boolean } = {}): Promise<void> {
    const published = await this.publish({ id: null, type, payload } as DomainEvent);
    if (published || !opts.keep || this.closed) return;
    try {
      await this.db.insert(domainEvents).values({ type, payload: payload as unknown as Record<string, unknown>, publishOnly: true, requestId: currentRequestId() ?? null });
    } catch (err) {
      this.log.warn({ event: type, err: err instanceof Error ? err.message : String(err) }, 'could not keep an unpublished event');
    }
  }

  /**
   * Payloads of `type` events published late (kept in the outbox while pub/sub could not take them) in the last
   * `withinMs`, whose payload contains `containing` (jsonb containment): what a client replaying "everything after
   * the last id I got" may have missed, because a later event reached it before this one. At most 500.
   */
  async latePublished<T extends DomainEventType>(type: T, containing: object, withinMs = 3_600_000): Promise<DomainEventMap[T][]> {
    const rows = await this.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.publishOnly, true),
          eq(domainEvents.type, type),
          sql`${domainEvents.createdAt} > now() - ${withinMs} * interval '1 millisecond'`,
          sql`${domainEvents.payload} @> ${JSON.stringify(containing)}::jsonb`,
        ),
      )
      .limit(500);
    return rows.map((r) => r.payload as unknown as DomainEventMap[T]);
  }

  /** Claims the given undispatched events and dispatches them, oldest first. */
  async dispatch(ids: number[]): Promise<void> {
    if (this.closed || ids.length === 0) return;
    const work = this.dispatchClaimed(ids);
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async dispatchClaimed(ids: number[]): Promise<void> {
    const claimed = await claimEvents(this.db).execute({ ids });
    this.jobs.claimed += claimed.length;
    claimed.sort((a, b) => a.id - b.id);
    // Each event is handled as part of the request that emitted it: its handlers' log lines carry that request's id.
    for (const row of claimed) await withRequestId(row.requestId, () => this.dispatchOne(row));
  }

  /** Runs a claimed event's handlers, then publishes it. */
  private async dispatchOne(row: typeof domainEvents.$inferSelect): Promise<void> {
    const event = { id: row.id, type: row.type as DomainEventType, payload: row.payload } as DomainEvent;
    try {
      // A publish-only row has had its reactions (or has none): it is only waiting for pub/sub.
      if (!row.publishOnly) for (const handler of this.handlers.get(event.type) ?? []) await handler(event.payload, event);
    } catch (err) {
      this.jobs.failed++;
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ event: event.type, eventId: row.id, attempt: row.attempts, err: message }, 'event handler failed; will retry');
      await this.db
        .update(domainEvents)
        .set({ dispatchedAt: row.attempts >= MAX_ATTEMPTS ? new Date(0) : null, lastError: message.slice(0, 500) })
        .where(sql`${domainEvents.id} = ${row.id}`);
      return;
    }
    // A claim succeeds once per event, so each event is published once; one pub/sub could not take is kept for the
    // sweeper (its reactions are not run again).
    if (!(await this.publish(event))) await this.publishLater(row.id);
  }

  /**
   * An outbox event that could not be published: the sweeper (of any instance) publishes it again, every couple of
   * seconds while pub/sub is down, without running its reactions again; after an hour it gives up (a client that
   * reconnects reads the state, and a chat rejoin with its last message id gets the messages, from the database).
   */
  private async publishLater(id: number): Promise<void> {
    try {
      await this.db
        .update(domainEvents)
        .set({
          publishOnly: true,
          dispatchedAt: sql`case when ${domainEvents.createdAt} < now() - interval '1 hour' then to_timestamp(0) else null end`,
          lastError: 'not published: pub/sub unavailable',
        })
        .where(sql`${domainEvents.id} = ${id}`);
    } catch (err) {
      this.log.warn({ eventId: id, err: err instanceof Error ? err.message : String(err) }, 'could not keep an unpublished event');
    }
  }

  /**
   * Publishes on pub/sub within its bound (LIVE_PUBLISH_TIMEOUT_MS); false when it could not (a rejection, or no
   * subscriber heard it: this instance's own subscription counts, so none means the subscription is down too).
   */
  private async publish(event: DomainEvent): Promise<boolean> {
    const echoMs = event.id === null ? undefined : this.echoed.get(event.type);
    let echo: Promise<void> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (echoMs !== undefined && event.id !== null) {
      const id = event.id;
      echo = new Promise<void>((resolve) => {
        this.awaitingEcho.set(id, resolve);
        timer = setTimeout(resolve, echoMs);
      }).finally(() => {
        clearTimeout(timer);
        this.awaitingEcho.delete(id);
      });
    }
    try {
      const receivers = await this.pubsub.publish(this.channel, JSON.stringify(event));
      if (receivers === 0 && this.unsubscribe) throw new Error('no subscriber received it');
      await echo;
      return true;
    } catch (err) {
      if (event.id !== null) this.awaitingEcho.get(event.id)?.();
      await echo;
      // The write that caused it answers now; the caller decides whether the event is kept for the sweeper.
      this.log.warn({ event: event.type, err: err instanceof Error ? err.message : String(err) }, 'could not publish event');
      return false;
    }
  }

  private deliver(message: string): void {
    let event: DomainEvent;
    try {
      event = JSON.parse(message) as DomainEvent;
    } catch {
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.warn({ event: event.type, err: err instanceof Error ? err.message : String(err) }, 'event listener failed');
      }
    }
    if (event.id !== null && event.id !== undefined) this.awaitingEcho.get(event.id)?.();
  }

  /**
   * Dispatches events left undispatched: a crash between commit and dispatch, or a failed handler. Waits longer
   * after each failed attempt (2 s x attempts), gives up after MAX_ATTEMPTS (the row keeps its last error).
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const rows = await this.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(
          and(
            isNull(domainEvents.dispatchedAt),
            lt(domainEvents.createdAt, sql`now() - (interval '2 seconds' * (${domainEvents.attempts} + 1))`),
            // While this instance cannot publish, events waiting only for that are left to an instance that can.
            this.pubsub.available() ? undefined : eq(domainEvents.publishOnly, false),
          ),
        )
        .orderBy(asc(domainEvents.id))
        .limit(100);
      await this.dispatch(rows.map((r) => r.id));
      // Keep the outbox small: dispatched events older than a day have done their job.
      await this.db.delete(domainEvents).where(and(lt(domainEvents.dispatchedAt, sql`now() - interval '1 day'`)));
    } catch (err) {
      if (!this.closed) this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'event sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** Stops the sweeper and pub/sub delivery; waits for dispatches in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.allSettled([...this.inFlight]);
    await this.unsubscribe?.();
  }
}
