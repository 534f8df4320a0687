import type { OutboxEntry, OutboxStorage } from './outbox';

const DB_NAME = 'go-live-chat';
const STORE = 'outbox';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    const store = req.result.createObjectStore(STORE, { keyPath: 'clientMessageId' });
    store.createIndex('userId', 'userId');
  };
  return request(req);
}

/**
 * The outbox in IndexedDB: one row per unsent message, keyed by clientMessageId, indexed by user, so each signed-in
 * user only ever sees (and sends) their own. Null when the browser has no IndexedDB.
 */
export function indexedDbOutboxStorage(): OutboxStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    db ??= openDb().catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await database()).transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
    const [result] = await Promise.all([request(work(tx.objectStore(STORE))), done]);
    return result;
  };
  return {
    load: (userId) => run('readonly', (s) => s.index('userId').getAll(IDBKeyRange.only(userId)) as IDBRequest<OutboxEntry[]>),
    put: async (entry) => {
      await run('readwrite', (s) => s.put(entry));
    },
    remove: async (_userId, clientMessageId) => {
      await run('readwrite', (s) => s.delete(clientMessageId));
    },
  };
}
