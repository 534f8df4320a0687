import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY, parsed: `false` (no proxy: the socket's peer is the client), a number of proxy hops in front of this
 * server, or the addresses/CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal) of the proxies to trust.
 * Never "everyone": that would let any client choose its own address.
 */
export type TrustProxy = false | number | string[];
/** Whether the `hop`-th address of a request's chain (0: the socket's peer) is a proxy whose X-Forwarded-* we believe. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const INSTEAD = 'write the number of proxy hops in front of this server (TRUST_PROXY=1 for one proxy) or the proxies\' addresses or CIDRs, comma-separated (TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8)';

/** Reads TRUST_PROXY's text; an error sentence (to print at start) for `true` or anything that is not a hop count or addresses. */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const v = text.trim();
  if (v === '' || v === 'false' || v === '0') return { value: false };
  if (v === 'true') return { error: `"true" would trust any X-Forwarded-For, so any client could choose its own address: ${INSTEAD}` };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 32 ? { value: hops } : { error: `at most 32 proxy hops, not ${v}` };
  }
  const list = v.split(',').map((a) => a.trim()).filter((a) => a !== '');
  if (list.length === 0) return { error: `no address in "${v}": ${INSTEAD}` };
  // proxy-addr takes legacy forms such as "1.5" (1.0.0.5); only the usual notations here.
  const odd = list.find((a) => !NAMES.has(a) && isIP(a.split('/')[0]) === 0);
  if (odd) return { error: `not an address or CIDR: "${odd}": ${INSTEAD}` };
  try {
    proxyAddr.compile(list);
  } catch (err) {
    return { error: `${(err as Error).message} in "${v}": ${INSTEAD}` };
  }
  return { value: list };
}

/**
 * The trust rule of a setting, in proxy-addr's terms (the one Fastify's `trustProxy` takes): with hops, the first
 * `hops` addresses of the chain (the socket's peer, then X-Forwarded-For from the right) are proxies; with addresses,
 * each address of the chain that is one of them. Fastify 5 ignores a bare hop count (it "fails closed"), so the app
 * hands Fastify this function, and every other reader of the client's address uses it too (clientAddress).
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust {
  if (setting === false) return () => false;
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(setting);
}

/** The client's address of a raw request by the rule: what Fastify's `request.ip` gives for the same request. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(req, trust);
}

/** Whether a raw request came over https: its own socket is TLS, or a trusted proxy in front says so (last X-Forwarded-Proto). */
export function cameOverHttps(req: IncomingMessage, trust: ProxyTrust): boolean {
  const socket = req.socket as (typeof req.socket & { encrypted?: boolean }) | undefined;
  if (socket?.encrypted) return true;
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string' || !socket?.remoteAddress || !trust(socket.remoteAddress, 0)) return false;
  return header.slice(header.lastIndexOf(',') + 1).trim() === 'https';
}
