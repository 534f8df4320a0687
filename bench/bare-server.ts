/**
 * The machine's limit for the bench: a bare node:http server that answers each registered path with exactly the
 * status, headers and body bytes the product sent for it (captured by the bench), and does nothing else.
 */
import { createServer } from 'node:http';

type Route = { path: string; status: number; headers: Record<string, string>; body: string /* base64 */ };
const routes = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();

const server = createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});
server.keepAliveTimeout = 72_000;

process.on('message', (raw) => {
  const msg = raw as { id: number; routes: Route[] };
  for (const r of msg.routes) routes.set(r.path, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') });
  process.send?.({ id: msg.id, result: { ok: true } });
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0, pid: process.pid });
});
