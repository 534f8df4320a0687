import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-db';
import { SessionStore } from './sessions';

let database: Database;
let drop: () => Promise<void>;
let store: SessionStore;
let userId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  store = new SessionStore(database.db, { idleMs: 60 * 60_000, absoluteMs: 24 * 60 * 60_000 });
  [{ id: userId }] = await database.db.insert(users).values({ username: 'sessions', email: 'sessions@example.com', passwordHash: 'x' }).returning({ id: users.id });
});
afterAll(async () => drop?.());

describe('SessionStore.resolve', () => {
  it('requests that arrive together share one lookup; once answered, the next request looks again', async () => {
    const { token } = await store.create(userId);
    const first = store.resolve(token);
    const second = store.resolve(token);
    expect(second).toBe(first);
    expect(await second).toMatchObject({ id: userId, username: 'sessions', role: 'user' });
    const other = await store.create(userId);
    expect(store.resolve(other.token)).not.toBe(store.resolve(token));

    // Nothing is kept: a sign-out is seen by the very next request.
    await store.destroy(token);
    expect(await store.resolve(token)).toBeUndefined();
    expect(await store.resolve(other.token)).toMatchObject({ id: userId });
  });
});
