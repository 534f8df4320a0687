import { connect, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** `target` with its host and port replaced by the proxy's. */
  url: string;
  /** An outage: every open connection dropped, new ones refused, until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy to the server of `target` (a redis:// or postgres:// URL) that a test can cut and restore: an outage of
 * Redis or PostgreSQL as one instance sees it, while the shared server itself stays up for every other test.
 */
export async function tcpProxy(target: URL, defaultPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(target.port || defaultPort), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
