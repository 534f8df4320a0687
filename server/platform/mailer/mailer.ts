import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { prepared, rawStatement } from '../../db/prepared';
import { mailOutbox } from '../../db/schema';
import type { MailTransport } from './transport';

export type MailRow = typeof mailOutbox.$inferSelect;

/** One mail to store: the dedupe key makes a retried reaction store it once. */
export type NewMail = { dedupeKey: string; to: string; userId?: number | null; template: string; subject: string; html: string; text: string };

/** enqueueAll's statement (every paid booking's mails): one named statement for any number of mails. */
const insertMails = rawStatement(
  'mail_outbox_insert_all',
  `insert into mail_outbox (dedupe_key, to_address, user_id, template, subject, html, text)
   select m."dedupeKey", m."to", m."userId", m.template, m.subject, m.html, m.text
   from jsonb_to_recordset($1::jsonb) as m(position int, "dedupeKey" text, "to" text, "userId" int, template text, subject text, html text, text text)
   order by m.position
   on conflict (dedupe_key) do nothing`,
);

export const MAIL_MAX_ATTEMPTS = 10;

// The worker's claim and its record of a sent batch run for every mail: prepared once (server/db/prepared.ts).
const claimDue = prepared('mail_outbox_claim', (db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), isNotNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, sql`${sql.placeholder('staleBefore')}::timestamptz`)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(sql.placeholder('batch'))
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
});
const markSent = prepared('mail_outbox_sent', (db) =>
  db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`${sql.placeholder('at')}::timestamptz`, lastError: null, transport: sql`${sql.placeholder('transport')}`, claimedAt: null })
    .where(sql`${mailOutbox.id} = any(${sql.placeholder('ids')}::int[])`),
);
/** A claim older than this is a worker that died mid-send: the row is taken over (the same Message-ID goes out). */
const STALE_CLAIM_MS = 5 * 60_000;

/** Exponential backoff after the n-th failed attempt: 1 s, 2 s, 4 s ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

type Log = { warn(obj: object, msg: string): void };

/**
 * The mail outbox and its worker. `enqueue` stores a mail in the caller's transaction; the worker claims due rows
 * with `FOR UPDATE SKIP LOCKED` (so with several instances each mail is claimed once), sends each with a Message-ID
 * derived from its outbox id, and records the outcome: sent, or queued again with backoff, or failed after
 * MAIL_MAX_ATTEMPTS with its last error (ADR 011).
 */
export class Mailer {
  private timer?: ReturnType<typeof setInterval>;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly opts: { from: string; messageIdDomain: string; log: Log; batch?: number },
  ) {}

  /** Polls for due mail every `everyMs` (retries, mail enqueued by other instances). */
  start(everyMs = 1000): void {
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
  }

  /** Stores a mail (once per dedupe key); returns its id, or null when that key was already stored. */
  async enqueue(tx: Db | Tx, mail: NewMail): Promise<number | null> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ dedupeKey: mail.dedupeKey, toAddress: mail.to, userId: mail.userId ?? null, template: mail.template, subject: mail.subject, html: mail.html, text: mail.text })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
    return row?.id ?? null;
  }

  /** Stores several mails with one INSERT (all or none; each once per dedupe key). */
  async enqueueAll(db: Db | Tx, mails: NewMail[]): Promise<void> {
    if (mails.length === 0) return;
    await insertMails(db, [JSON.stringify(mails.map((m, position) => ({ ...m, userId: m.userId ?? null, position })))]);
  }

  /** Asks the worker to run now (after a commit that enqueued mail). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'mail worker pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends everything due now, batch after batch; resolves when nothing due is left. */
  async drain(now = () => new Date()): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const claimed = await this.claim(now());
      if (claimed.length === 0) return;
      const sent: number[] = [];
      for (const row of claimed) if (await this.deliver(row, now)) sent.push(row.id);
      // One statement records a batch as sent (a crash before it re-sends the batch with the same Message-IDs).
      if (sent.length > 0) await markSent(this.db).execute({ ids: sent, at: now().toISOString(), transport: this.transport.kind });
    }
  }

  /** Waits for the pass in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async claim(now: Date): Promise<MailRow[]> {
    return claimDue(this.db).execute({ now: now.toISOString(), staleBefore: new Date(now.getTime() - STALE_CLAIM_MS).toISOString(), batch: this.opts.batch ?? 20 });
  }

  /** The Message-ID of an outbox row: the same on every attempt, so a receiver can drop a duplicate. */
  messageId(id: number): string {
    return `<outbox-${id}@${this.opts.messageIdDomain}>`;
  }

  /** Sends one claimed mail; true when sent (the caller records it), else it is queued again or failed for good. */
  private async deliver(row: MailRow, now: () => Date): Promise<boolean> {
    try {
      await this.transport.send({ from: this.opts.from, to: row.toAddress, subject: row.subject, html: row.html, text: row.text, messageId: this.messageId(row.id) });
      return true;
    } catch (err) {
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
    await this.idle();
    this.transport.close();
  }
}
