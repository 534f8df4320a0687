import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { sessions, users } from '../../db/schema';
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

  it("refuses a disabled account's session, even one created after the disabling (a sign-in racing it), and removes it", async () => {
    const [{ id }] = await database.db.insert(users).values({ username: 'disabled', email: 'disabled@example.com', passwordHash: 'x' }).returning({ id: users.id });
    const before = await store.create(id);
    expect(await store.resolve(before.token)).toMatchObject({ id });
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
    // The sign-in checked the account before the admin disabled it, and stored its session after.
    const racing = await store.create(id);
    expect(await store.resolve(racing.token)).toBeUndefined();
    expect(await store.resolve(before.token)).toBeUndefined();
    expect(await database.db.$count(sessions, eq(sessions.userId, id))).toBe(0);

    // Enabled again, a new sign-in's session works.
    await database.db.update(users).set({ disabledAt: null }).where(eq(users.id, id));
    const after = await store.create(id);
    expect(await store.resolve(after.token)).toMatchObject({ id, username: 'disabled' });
  });
});
