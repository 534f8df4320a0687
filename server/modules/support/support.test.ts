import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const valid = { name: 'Sam Visitor', email: 'sam@example.com', subject: 'Hub question', message: 'How do I register a bakery?' };

describe('POST /api/contact', () => {
  it('stores a message and answers 201 {id}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ ...valid, userId: null, readAt: null });
  });

  it('links a signed-in sender; subject is optional', async () => {
    const user = await signUp(t);
    const { subject: _s, ...noSubject } = valid;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: noSubject, headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ userId: user.id, subject: '' });
  });

  it('400 with field messages for an invalid message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: '', email: 'x', message: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email',
      message: 'Message must be at least 10 characters',
    });
  });

  it('rate-limits per IP with a JSON 429', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < 10; i += 1) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toEqual(expect.any(String));
  });
});
