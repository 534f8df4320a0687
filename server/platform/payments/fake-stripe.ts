import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: what the adapter sent to "Stripe". */
export type FakeStripeCall = { method: string; path: string; idempotencyKey: string | undefined; params: Record<string, string> };

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | { id: string; object: 'payment_method'; card: { brand: string; last4: string } } | null;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
};

type FakeTransfer = { id: string; object: 'transfer'; amount: number; currency: string; destination: string; metadata: Record<string, string> };

/** Test payment methods as Stripe test mode knows them. */
const METHODS: Record<string, { brand: string; last4: string; decline?: { code: string; decline_code: string; message: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]] = v;
  }
  return out;
}

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls (create/retrieve/confirm PaymentIntent, create
 * Refund, create Transfer), answering in Stripe's wire format so the real SDK runs end to end in tests. Every POST
 * honours Idempotency-Key as Stripe does (a repeated key answers the first answer again and charges, refunds or
 * moves nothing), and a destination starting with 'acct_fail' is refused like an account that cannot receive
 * transfers. Test-only.
 */
export async function startFakeStripe(): Promise<{
  port: number;
  calls: FakeStripeCall[];
  intents: Map<string, FakeIntent>;
  transfers: Map<string, FakeTransfer>;
  close(): Promise<void>;
}> {
  const calls: FakeStripeCall[] = [];
  const intents = new Map<string, FakeIntent>();
  const transfers = new Map<string, FakeTransfer>();
  /** First answers by idempotency key (as sent: later changes to an intent do not alter a replayed answer). */
  const answered = new Map<string, { status: number; body: string }>();
  let seq = 0;

  const attempt = (pi: FakeIntent, pm: string, expand: boolean): { status: number; body: unknown } => {
    const method = METHODS[pm];
    if (!method) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pm}'` } } };
    const pmObject = { id: pm, object: 'payment_method' as const, card: { brand: method.brand, last4: method.last4 } };
    pi.payment_method = expand ? pmObject : pm;
    if (method.decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...method.decline };
      return { status: 402, body: { error: { type: 'card_error', ...method.decline, payment_intent: { ...pi, payment_method: pmObject } } } };
    }
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    return { status: 200, body: pi };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const params = await readForm(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      calls.push({ method: req.method ?? 'GET', path, idempotencyKey: req.headers['idempotency-key'] as string | undefined, params });
      const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const earlier = key ? answered.get(key) : undefined;
      const send = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(text);
      };
      if (earlier) return send(earlier.status, earlier.body);
      const reply = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        // Stripe keeps the first answer to a key, success or error, and sends it again for a retry.
        if (key) answered.set(key, { status, body: text });
        send(status, text);
      };
      const expand = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && v === 'payment_method') || url.searchParams.getAll('expand[]').includes('payment_method') || url.searchParams.get('expand[0]') === 'payment_method';

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        seq += 1;
        const id = `pi_fake_${seq}`;
        const pi: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: params.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata: metadataOf(params),
          payment_method: null,
          last_payment_error: null,
        };
        intents.set(id, pi);
        if (params.confirm === 'true') {
          const r = attempt(pi, params.payment_method, expand);
          return reply(r.status, r.body);
        }
        return reply(200, pi);
      }
      const one = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
      if (one) {
        const pi = intents.get(one[1]);
        if (!pi) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (req.method === 'GET' && !one[2]) return reply(200, pi);
        if (req.method === 'POST' && one[2]) {
          const r = attempt(pi, params.payment_method, expand);
          return reply(r.status, r.body);
        }
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        seq += 1;
        return reply(200, { id: `re_fake_${seq}`, object: 'refund', amount: Number(params.amount), payment_intent: params.payment_intent, status: 'succeeded' });
      }
      if (req.method === 'POST' && path === '/v1/transfers') {
        let answer: { status: number; body: unknown };
        if (!params.destination || params.destination.startsWith('acct_fail')) {
          answer = {
            status: 400,
            body: { error: { type: 'invalid_request_error', code: 'account_invalid', param: 'destination', message: 'The destination account cannot receive transfers' } },
          };
        } else {
          seq += 1;
          const transfer: FakeTransfer = { id: `tr_fake_${seq}`, object: 'transfer', amount: Number(params.amount), currency: params.currency, destination: params.destination, metadata: metadataOf(params) };
          transfers.set(transfer.id, transfer);
          answer = { status: 200, body: transfer };
        }
        return reply(answer.status, answer.body);
      }
      reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    intents,
    transfers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
