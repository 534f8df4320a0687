import { request as httpRequest, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../config';
import { createTestApp, signUp, type TestApp } from '../testing/test-app';
import { NOT_NORMAL_MESSAGE, NO_NORMAL_FORM_MESSAGE } from './normal-path';

let t: TestApp;
let base: URL;
let user: { email: string; password: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  user = await signUp(t);
  base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
}, 60_000);
afterAll(async () => t?.close());

/** A request straight off a socket, its path sent exactly as written (no client-side normalising). */
function onSocket(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };

describe('one URL per route: paths not in normal form are refused or redirected before routing', () => {
  it('answers 400 (not 500) to POST /%61pi/auth/login with a NUL in the e-mail, on a socket and through inject', async () => {
    const payload = JSON.stringify({ email: 'a\u0000@example.com', password: 'password-123' });
    const viaSocket = await onSocket('POST', '/%61pi/auth/login', json, payload);
    expect(viaSocket.status).toBe(400);
    expect(JSON.parse(viaSocket.body)).toEqual({ message: NOT_NORMAL_MESSAGE });
    const viaInject = await t.app.inject({ method: 'POST', url: '/%61pi/auth/login', headers: json, payload });
    expect(viaInject.statusCode).toBe(400);
    expect(viaInject.json()).toEqual({ message: NOT_NORMAL_MESSAGE });
  });

  it('refuses a foreign Origin on /%61pi/... (and the same request on /api/... meets the CSRF check)', async () => {
    const headers = { ...json, origin: 'https://evil.example' };
    const payload = JSON.stringify({ email: user.email, password: user.password });
    for (const url of ['/%61pi/auth/login', '/a%70i/auth/logout', '/%61pi/contact']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect((await onSocket('POST', url, headers, payload)).status, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload })).statusCode).toBe(403);
  });

  it('does not resolve a session on a non-normal path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/auth/me', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('refuses //api/health, /api/./health, /api/../api/health and /api%2Fhealth with 400 JSON', async () => {
    for (const url of ['//api/health', '/api/./health', '/api/../api/health', '/api//health', '/api/%2E/health', '/%61pi/health']) {
      const viaSocket = await onSocket('GET', url);
      expect(viaSocket.status, url).toBe(400);
      expect(viaSocket.headers['content-type'], url).toMatch(/^application\/json/);
      expect(JSON.parse(viaSocket.body), url).toEqual({ message: NOT_NORMAL_MESSAGE });
    }
    // app.inject resolves dot segments itself (as a browser does) before the app sees the URL; the rest it keeps.
    for (const url of ['//api/health', '/api//health', '/%61pi/health']) {
      const viaInject = await t.app.inject({ method: 'GET', url });
      expect(viaInject.statusCode, url).toBe(400);
      expect(viaInject.json(), url).toEqual({ message: NOT_NORMAL_MESSAGE });
    }
    for (const url of ['/api%2Fhealth', '/api/tracking/a%2Fb', '/api/health%5C']) {
      expect((await t.app.inject({ method: 'GET', url })).json(), url).toEqual({ message: NO_NORMAL_FORM_MESSAGE });
      expect((await onSocket('GET', url)).status, url).toBe(400);
    }
    // The normal form itself is answered, and a query string is not looked at.
    expect((await onSocket('GET', '/api/health?x=%61&y=//./..%2F')).status).toBe(200);
  });

  it('refuses an absolute-form request target, which the router would take to /api/...', async () => {
    const res = await onSocket('GET', `http://evil.example/api/auth/me`, { cookie: user.cookie });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: NO_NORMAL_FORM_MESSAGE });
  });

  it('redirects a GET or HEAD of a page to its normal form (308, query kept)', async () => {
    for (const [method, url, location] of [
      ['GET', '//track/./abc?x=1', '/track/abc?x=1'],
      ['HEAD', '/%74rack/abc', '/track/abc'],
      ['GET', '//evil.example/x', '/evil.example/x'],
    ]) {
      const viaSocket = await onSocket(method, url);
      expect(viaSocket.status, url).toBe(308);
      expect(viaSocket.headers.location, url).toBe(location);
      const viaInject = await t.app.inject({ method: method as 'GET', url });
      expect(viaInject.statusCode, url).toBe(308);
      expect(viaInject.headers.location, url).toBe(location);
    }
  });

  it('refuses a socket upgrade on a non-normal path', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://${base.host}/%77s/chat`, { headers: { cookie: user.cookie } });
      socket.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        socket.close();
        reject(new Error('upgrade accepted'));
      });
      socket.once('error', () => undefined);
    });
    expect(status).toBe(400);
  });
});

describe('keep-alive', () => {
  it('keeps idle connections longer than a proxy in front does (76 s by default), headers timeout longer still', () => {
    const server = t.app.server as Server;
    expect(server.keepAliveTimeout).toBe(76_000);
    expect(server.headersTimeout).toBe(77_000);
    expect(server.requestTimeout === 0 || server.requestTimeout >= server.headersTimeout).toBe(true);
  });

  it('takes KEEP_ALIVE_TIMEOUT_MS', async () => {
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '10' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    const other = await createTestApp({ seed: false, env: { KEEP_ALIVE_TIMEOUT_MS: '620000' } });
    try {
      const server = other.app.server as Server;
      expect(server.keepAliveTimeout).toBe(620_000);
      expect(server.headersTimeout).toBe(621_000);
      expect(server.requestTimeout).toBeGreaterThanOrEqual(621_000);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('answers two requests on one connection', async () => {
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: base.hostname, port: base.port, path: '/api/health', agent }, (res) => {
          sockets.add(res.socket);
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end();
      });
    }
    agent.destroy();
    expect(sockets.size).toBe(1);
  });
});
