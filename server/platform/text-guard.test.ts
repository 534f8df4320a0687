import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { BAD_TEXT_MESSAGE, findBadText } from './text-guard';
import { safeError } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('bad text at the edge', () => {
  it('finds NUL and lone surrogates anywhere, and lets proper text (emoji pairs included) through', () => {
    expect(findBadText({ a: 'fine', b: ['ok', { c: 'x\u0000y' }] })).toBe('b.1.c');
    expect(findBadText({ name: '\ud83c' })).toBe('name');
    expect(findBadText({ name: 'tail \udc00' })).toBe('name');
    expect(findBadText({ name: 'pizza 🍕 ok', n: 3 })).toBeNull();
    expect(findBadText({ ['k\u0000']: 1 })).toBe('_key');
  });

  it('answers 400 with the field, not 500, in bodies, queries and paths', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":"a\\u0000@example.com","password":"x"}' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: BAD_TEXT_MESSAGE, errors: { email: BAD_TEXT_MESSAGE } });
    const surrogate = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":"\\ud800","email":"a@b.co","message":"hello there"}' });
    expect(surrogate.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurants?q=%00' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/%00abc' })).statusCode).toBe(400);
    const user = await signUp(t);
    const chat = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: user.cookie }, payload: { trackingId: 'x\u0000' } });
    expect(chat.statusCode).toBe(400);
  });

  it('never logs SQL or parameters of a failed query', () => {
    const err = new Error('Failed query: select "password_hash" from "users" where "email" = $1\nparams: secret@example.com');
    expect(safeError(err)).toEqual({ type: 'Error', message: 'Database query failed' });
    expect(JSON.stringify(safeError(Object.assign(new Error('boom'), { code: 'XX000' })))).toBe('{"type":"Error","code":"XX000","message":"boom"}');
  });
});
