import { and, asc, desc, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { named } from '../../db/statements';
import { mailBudget, mailOutbox } from '../../db/schema';
import { outsideRequest } from '../request-context';
import type { MailTransport } from './transport';

export type MailRow = typeof mailOutbox.$inferSelect;

/** One mail to store: the dedupe key makes a retried reaction store it once. */
export type NewMail = { dedupeKey: string; to: string; userId?: number | null; template: string; subject: string; html: string; text: string };

export const MAIL_MAX_ATTEMPTS = 10;

/** A claimed row as the worker sends it. */
type Claimed = Pick<MailRow, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'attempts'>;

/** The window of a budget bucket: this clock hour, by the database's clock. */
const thisHour = sql<Date>`date_trunc('hour', now())`;
const GLOBAL_BUCKET = '*';

/** Reserves one mail of a public budget bucket for this clock hour; false when the bucket is spent (nothing reserved). */
async function reserveBudget(tx: Db | Tx, bucket: string, limit: number): Promise<boolean> {
  const rows = await named(
    'mail_budget_reserve',
    tx
      .insert(mailBudget)
      .values({ bucket, windowStart: thisHour, count: 1 })
      .onConflictDoUpdate({ target: [mailBudget.bucket, mailBudget.windowStart], set: { count: sql`${mailBudget.count} + 1` }, setWhere: sql`${mailBudget.count} < ${limit}` })
      .returning({ count: mailBudget.count }),
  );
  return rows.length > 0;
}

/** Gives back one reserved mail of each bucket in this clock hour. */
async function refundBudget(tx: Db | Tx, buckets: string[]): Promise<void> {
  await named(
    'mail_budget_refund',
    tx
      .update(mailBudget)
      .set({ count: sql`${mailBudget.count} - 1` })
      .where(and(inArray(mailBudget.bucket, buckets), eq(mailBudget.windowStart, thisHour), gt(mailBudget.count, 0))),
  );
}

/** The default lease of a claimed mail: a worker silent for longer has died, and its mail is taken over. */
export const MAIL_CLAIM_LEASE_MS = 30_000;

/** Budgets of mail that unauthenticated requests trigger (sign-up, registration confirmation): per address and site-wide, per hour. */
export type PublicMailBudget = { perAddressPerHour: number; perHour: number };
export const DEFAULT_PUBLIC_MAIL_BUDGET: PublicMailBudget = { perAddressPerHour: 5, perHour: 500 };

/** Exponential backoff after the n-th failed attempt: 1 s, 2 s, 4 s ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

type Log = { warn(obj: object, msg: string): void };

export type MailerOptions = {
  from: string;
  messageIdDomain: string;
  log: Log;
  /** MAIL_CLAIM_LEASE_MS: how long a claim holds without renewal (renewed every third of it while a send goes on). */
  claimLeaseMs?: number;
  /** MAIL_PUBLIC_PER_ADDRESS_PER_HOUR / MAIL_PUBLIC_PER_HOUR. */
  publicBudget?: PublicMailBudget;
  /** Whether this process sends (default true): false on ROLE=web, whose mail the workers send (start and kick do nothing). */
  sends?: boolean;
};

/** How `enqueue` stores a mail. */
export type EnqueueOptions = {
  /**
   * The mail answers an unauthenticated request (sign-up, a registration form): it counts against the recipient's and
   * the site's hourly budgets, reserved in the caller's transaction, and is not stored when either is spent.
   */
  publicTrigger?: boolean;
};

/**
 * When a new mail is due: now on this process's clock, the clock the worker compares due times with. The database's
 * now() has microseconds and the worker's Date only milliseconds, so a mail stored and looked for within one
 * millisecond (.123456 against .123) was not yet due, and waited for the next timer tick.
 */
const dueNow = () => new Date();

/**
 * The mail outbox and its worker (ADR 011). `enqueue` stores a mail in the caller's transaction; the worker claims
 * one due row at a time with `FOR UPDATE SKIP LOCKED` under a lease (so with several instances each mail is claimed
 * once), sends it with a Message-ID derived from its outbox id, and records the outcome at once, with the claim of
 * the next: sent, or queued again with backoff, or failed after MAIL_MAX_ATTEMPTS with its last error. While the
 * SMTP exchange lasts the lease is renewed; a worker that dies stops renewing, and another instance takes its one
 * mail over once the lease has run out (the same Message-ID goes out again: the one possible duplicate).
 */
export class Mailer {
  private timer?: ReturnType<typeof setInterval>;
  private sweep?: ReturnType<typeof setInterval>;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly leaseMs: number;
  private readonly budget: PublicMailBudget;
  /**
   * Mails this instance's worker has claimed, and of those the sends that failed (each attempt counts), since it
   * started: read by /metrics (platform/metrics.ts) as `jobs_claimed_total` / `jobs_failed_total`.
   */
  readonly jobs = { claimed: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly opts: MailerOptions,
  ) {
    this.leaseMs = opts.claimLeaseMs ?? MAIL_CLAIM_LEASE_MS;
    this.budget = opts.publicBudget ?? DEFAULT_PUBLIC_MAIL_BUDGET;
  }

  /** Polls for due mail every `everyMs` (retries, mail enqueued by other instances, mail of a dead worker). */
  start(everyMs = 1000): void {
    if (this.opts.sends === false) return;
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
    // Budget windows older than two hours are of no use.
    this.sweep = setInterval(() => {
      this.db
        .delete(mailBudget)
        .where(lt(mailBudget.windowStart, new Date(Date.now() - 2 * 3_600_000)))
        .catch((err: unknown) => this.opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'mail budget sweep failed'));
    }, 10 * 60_000);
    this.sweep.unref();
  }

  /**
   * Stores a mail (once per dedupe key); returns its id, or null when that key was already stored or, for a public
   * trigger, a budget is spent (the caller answers the same either way).
   */
  async enqueue(tx: Db | Tx, mail: NewMail, opts: EnqueueOptions = {}): Promise<number | null> {
    const buckets = opts.publicTrigger ? await this.reservePublicBudget(tx, mail.to) : [];
    if (buckets === null) return null;
    const [row] = await tx
      .insert(mailOutbox)
      .values({ dedupeKey: mail.dedupeKey, toAddress: mail.to, userId: mail.userId ?? null, template: mail.template, subject: mail.subject, html: mail.html, text: mail.text, nextAttemptAt: dueNow() })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
    // Already stored: what was reserved for it goes back.
    if (!row && buckets.length > 0) await refundBudget(tx, buckets);
    return row?.id ?? null;
  }

  /**
   * Reserves one mail to `to` from its address's and the site's budget of this hour, address first (a flood at one
   * address does not spend the site's budget); null when either is spent (nothing stays reserved).
   */
  private async reservePublicBudget(tx: Db | Tx, to: string): Promise<string[] | null> {
    const address = `to:${to.trim().toLowerCase()}`;
    if (!(await reserveBudget(tx, address, this.budget.perAddressPerHour))) return null;
    if (!(await reserveBudget(tx, GLOBAL_BUCKET, this.budget.perHour))) {
      await refundBudget(tx, [address]);
      return null;
    }
    return [address, GLOBAL_BUCKET];
  }

  /** Stores several mails with one INSERT, in the given order (all or none; each once per dedupe key). */
  async enqueueAll(db: Db | Tx, mails: NewMail[]): Promise<void> {
    if (mails.length === 0) return;
    await named(
      'mail_outbox_insert_all',
      db
        .insert(mailOutbox)
        .values(mails.map((m) => ({ dedupeKey: m.dedupeKey, toAddress: m.to, userId: m.userId ?? null, template: m.template, subject: m.subject, html: m.html, text: m.text, nextAttemptAt: dueNow() })))
        .onConflictDoNothing({ target: mailOutbox.dedupeKey }),
    );
  }

  /** Asks the worker to run now (after a commit that enqueued mail). */
  kick(): void {
    if (this.closed || this.opts.sends === false) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A pass sends whatever is due, not only the kicking request's mail: its log lines carry no request id.
    this.running = outsideRequest(() => this.drain())
      .catch((err: unknown) => this.opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'mail worker pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Sends everything due now, one mail at a time; resolves when nothing due is left. Each mail is recorded as sent
   * right after the SMTP server accepted it, in the statement that claims the next one.
   */
  async drain(now = () => new Date()): Promise<void> {
    let sent: number | null = null;
    for (;;) {
      if (this.closed) {
        if (sent !== null) await named('mail_outbox_sent', this.markSent(sent, now()));
        return;
      }
      const row = await this.sentAndClaimNext(now(), sent);
      if (!row) return;
      this.jobs.claimed++;
      sent = (await this.deliver(row, now)) ? row.id : null;
    }
  }

  /** Records a mail the SMTP server accepted as sent (unless it is no longer this worker's claim). */
  private markSent(id: number, at: Date) {
    return this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: at, lastError: null, transport: this.transport.kind, claimedAt: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
  }

  /**
   * The worker's one statement per mail: records the mail it just sent (`justSent`, a data-modifying WITH) and claims
   * the next due one: queued and due, or claimed by a worker whose lease ran out (it died, or lost its database). The
   * row is picked with FOR UPDATE SKIP LOCKED inside the claiming UPDATE, so two workers never claim the same mail.
   * One row at a time, so a crash leaves at most the mail in flight claimed, never a batch.
   */
  private async sentAndClaimNext(at: Date, justSent: number | null): Promise<Claimed | undefined> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, at)),
            and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, new Date(at.getTime() - this.leaseMs))),
          ),
          justSent === null ? undefined : ne(mailOutbox.id, justSent),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const source = justSent === null ? this.db : this.db.with(this.db.$with('sent').as(this.markSent(justSent, at).returning({ id: mailOutbox.id })));
    const [row] = await named(
      'mail_outbox_sent_claim_next',
      source
        .update(mailOutbox)
        .set({ status: 'sending', claimedAt: at, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(inArray(mailOutbox.id, due))
        .returning({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, html: mailOutbox.html, text: mailOutbox.text, attempts: mailOutbox.attempts }),
    );
    return row;
  }

  /** Waits for the pass in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The Message-ID of an outbox row: the same on every attempt, so a receiver can drop a duplicate. */
  messageId(id: number): string {
    return `<outbox-${id}@${this.opts.messageIdDomain}>`;
  }

  /** Renews the lease of a mail being sent (a slow SMTP server must not make it look abandoned). */
  protected async renewClaim(id: number, at: Date): Promise<void> {
    await named(
      'mail_outbox_renew_lease',
      this.db
        .update(mailOutbox)
        .set({ claimedAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'))),
    );
  }

  /** Sends one claimed mail; true when sent (the caller records it), else it is queued again or failed for good. */
  private async deliver(row: Claimed, now: () => Date): Promise<boolean> {
    const renewal = setInterval(() => {
      this.renewClaim(row.id, now()).catch((err: unknown) => this.opts.log.warn({ mailId: row.id, err: err instanceof Error ? err.message : String(err) }, 'mail lease renewal failed'));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    try {
      await this.transport.send({ from: this.opts.from, to: row.toAddress, subject: row.subject, html: row.html, text: row.text, messageId: this.messageId(row.id) });
      return true;
    } catch (err) {
      this.jobs.failed++;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      await this.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'queued',
          lastError: message,
          claimedAt: null,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      this.opts.log.warn({ mailId: row.id, attempt: row.attempts, err: message }, failed ? 'mail failed for good' : 'mail send failed; will retry');
      return false;
    } finally {
      clearInterval(renewal);
    }
  }

  /** Queues a sent or failed mail again, now, with a fresh attempt count (the admin's Resend). */
  async resend(id: number): Promise<MailRow | undefined> {
    const [row] = await this.db
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), lastError: null, claimedAt: null })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['sent', 'failed', 'queued'])))
      .returning();
    if (row) this.kick();
    return row;
  }

  /** Mail rows for the admin, newest first. */
  async list(filter: { status?: MailRow['status']; to?: string }, limit = 200): Promise<MailRow[]> {
    const conditions = [
      filter.status ? eq(mailOutbox.status, filter.status) : undefined,
      filter.to ? sql`lower(${mailOutbox.toAddress}) like ${`%${filter.to.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    ].filter((c) => c !== undefined);
    return this.db
      .select()
      .from(mailOutbox)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  }

  async get(id: number): Promise<MailRow | undefined> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    await this.idle();
    this.transport.close();
  }
}
