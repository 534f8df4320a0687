import { WebSocket } from 'ws';

export type LiveClient<M> = {
  socket: WebSocket;
  messages: M[];
  /** Resolves with the first message (already received or arriving within `timeoutMs`) that matches. */
  next(match: (m: M) => boolean, timeoutMs?: number): Promise<M>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

/**
 * A WebSocket test client that records every JSON message, for asserting on what a browser would receive
 * (like Immich's waitForWebsocketEvent). `cookie` authenticates the upgrade like a browser's session cookie.
 */
export async function openLive<M = Record<string, unknown>>(url: string, opts: { cookie?: string; origin?: string } = {}): Promise<LiveClient<M>> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket = new WebSocket(url, { headers });
  const messages: M[] = [];
  const waiters: Array<{ match: (m: M) => boolean; resolve: (m: M) => void }> = [];
  socket.on('message', (data) => {
    const m = JSON.parse(String(data)) as M;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    socket,
    messages,
    closed,
    close: () => socket.close(),
    next(match, timeoutMs = 3000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<M>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

/** Expects the upgrade to be refused; resolves with the HTTP status. */
export function refusedUpgrade(url: string, opts: { cookie?: string; origin?: string } = {}): Promise<number> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('upgrade was accepted'));
    });
    socket.once('error', () => undefined);
  });
}
