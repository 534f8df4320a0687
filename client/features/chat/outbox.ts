/**
 * The chat outbox: every message the user writes goes here first (with its clientMessageId) and leaves when the
 * server's new_message carrying that id comes back. Entries are persisted per user (IndexedDB in the browser, see
 * outbox-idb.ts), so messages written offline survive a reload and are sent when the connection returns.
 *
 * Sending is one at a time and in order: `next()` hands out the oldest sendable entry and nothing else until that
 * one is acknowledged, refused or `release()`d (the connection dropped). So on one connection each entry is sent
 * once; after a reconnect the unacknowledged one is sent again, which the server recognises by its id.
 */

export type OutboxEntry = {
  clientMessageId: string;
  userId: number;
  conversationId: number;
  message: string;
  createdAt: string;
  /** Send order (increasing, kept across reloads). */
  seq: number;
  /** The server refused it (shown with Retry and Delete; never sent again by itself). */
  error?: string;
};

/** Where entries are kept between page loads. Writes are issued in order by the outbox. */
export interface OutboxStorage {
  load(userId: number): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(userId: number, clientMessageId: string): Promise<void>;
}

/** Keeps entries in memory only: tests, and browsers without IndexedDB (messages then last until the tab closes). */
export class MemoryOutboxStorage implements OutboxStorage {
  readonly rows = new Map<string, OutboxEntry>();

  async load(userId: number): Promise<OutboxEntry[]> {
    return [...this.rows.values()].filter((e) => e.userId === userId).map((e) => ({ ...e }));
  }

  async put(entry: OutboxEntry): Promise<void> {
    this.rows.set(entry.clientMessageId, { ...entry });
  }

  async remove(_userId: number, clientMessageId: string): Promise<void> {
    this.rows.delete(clientMessageId);
  }
}

/** A random id for a message (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function makeClientMessageId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

export class Outbox {
  private entries: OutboxEntry[] = [];
  private snapshot: readonly OutboxEntry[] = [];
  private inFlight: string | null = null;
  private loaded = false;
  private writes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  /** Resolves once the stored entries are in (they go before anything added meanwhile, by seq). */
  readonly ready: Promise<void>;

  constructor(
    private readonly storage: OutboxStorage,
    readonly userId: number,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = makeClientMessageId,
  ) {
    this.ready = storage
      .load(userId)
      .catch((error: unknown) => {
        console.error('Chat outbox could not be read', error);
        return [] as OutboxEntry[];
      })
      .then((stored) => {
        const known = new Set(this.entries.map((e) => e.clientMessageId));
        this.entries = [...this.entries, ...stored.filter((e) => e.userId === userId && !known.has(e.clientMessageId))].sort(bySeq);
        this.loaded = true;
        this.changed();
      });
  }

  /** Entries in send order; the same array until something changes (for useSyncExternalStore). */
  list(): readonly OutboxEntry[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues a message (the caller has trimmed and checked it). */
  add(conversationId: number, message: string): OutboxEntry {
    const last = this.entries.reduce((max, e) => Math.max(max, e.seq), 0);
    const at = this.now();
    const entry: OutboxEntry = {
      clientMessageId: this.newId(),
      userId: this.userId,
      conversationId,
      message,
      createdAt: new Date(at).toISOString(),
      seq: Math.max(at, last + 1),
    };
    this.entries = [...this.entries, entry];
    this.persist((s) => s.put(entry));
    this.changed();
    return entry;
  }

  /** The server stored it (its new_message carried this id). Returns whether it was ours and still queued. */
  ack(clientMessageId: string): boolean {
    if (this.inFlight === clientMessageId) this.inFlight = null;
    return this.drop(clientMessageId);
  }

  /** The server refused it: keep it, marked, until the user retries or deletes it. */
  fail(clientMessageId: string, error: string): void {
    if (this.inFlight === clientMessageId) this.inFlight = null;
    const entry = this.entries.find((e) => e.clientMessageId === clientMessageId);
    if (!entry) return;
    const failed = { ...entry, error };
    this.replace(failed);
  }

  /** Sends a refused entry again (it goes back to its place in the order). */
  retry(clientMessageId: string): void {
    const entry = this.entries.find((e) => e.clientMessageId === clientMessageId);
    if (!entry?.error) return;
    const { error: _error, ...rest } = entry;
    this.replace(rest);
  }

  discard(clientMessageId: string): void {
    if (this.inFlight === clientMessageId) this.inFlight = null;
    this.drop(clientMessageId);
  }

  /**
   * The entry to send now, or null while one is awaiting its answer, none is sendable, or the stored entries are
   * not loaded yet. The returned entry counts as in flight until ack, fail, discard or release.
   */
  next(): OutboxEntry | null {
    if (!this.loaded || this.inFlight !== null) return null;
    const entry = this.entries.find((e) => !e.error);
    if (!entry) return null;
    this.inFlight = entry.clientMessageId;
    return entry;
  }

  /** The connection dropped (or the server asked to wait): the in-flight entry is sent again next time. */
  release(): void {
    this.inFlight = null;
  }

  get pendingCount(): number {
    return this.entries.length;
  }

  private drop(clientMessageId: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.clientMessageId !== clientMessageId);
    if (this.entries.length === before) return false;
    this.persist((s) => s.remove(this.userId, clientMessageId));
    this.changed();
    return true;
  }

  private replace(entry: OutboxEntry): void {
    this.entries = this.entries.map((e) => (e.clientMessageId === entry.clientMessageId ? entry : e));
    this.persist((s) => s.put(entry));
    this.changed();
  }

  /** Storage writes run one after another, so a put is never overtaken by the remove that follows it. */
  private persist(write: (storage: OutboxStorage) => Promise<void>): void {
    this.writes = this.writes
      .then(() => write(this.storage))
      .catch((error: unknown) => console.error('Chat outbox could not be saved', error));
  }

  /** Resolves when every write issued so far has finished (tests, and before closing). */
  flushed(): Promise<void> {
    return this.writes;
  }

  private changed(): void {
    this.snapshot = [...this.entries].sort(bySeq);
    for (const listener of this.listeners) listener();
  }
}
