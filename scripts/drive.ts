/**
 * npm run drive -- <tracking id or number> [--speed <km/h>] [--interval <ms>]
 *
 * A developer tool that plays the driver of one order through the public HTTP API, exactly as the /driver screen
 * would: sign in as the demo driver, go online near the pickup, wait for the order's offer and accept it, drive to
 * the pickup sending one position a second, Arrived at pickup, Picked up, drive to the destination, Delivered and
 * Complete Order (the labels of domain/orders/states.ts per kind). Watch the customer's side on /track/<id> meanwhile.
 *
 * It is only a client: it never imports server code or touches the database. Node built-ins (fetch) only; the
 * domain import below is the shared, dependency-free order state machine, so step names cannot drift from it.
 *
 * Environment: BASE_URL (default http://localhost:5000); DRIVER_EMAIL and DRIVER_PASSWORD, else the driver of
 * `${DATA_DIR ?? './data'}/demo-accounts.json` (written by the server's first start).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { TrackingView } from '../domain/catalogue/types';
import type { DriverEarnings, DriverOrder, DriverOrdersResponse } from '../domain/orders/schemas';
import { nextStatus, nextStepLabel, type OrderStatus } from '../domain/orders/states';

type LatLng = { lat: number; lng: number };

const DEFAULT_SPEED_KMH = 30;
const DEFAULT_INTERVAL_MS = 1000;
/** The server drops fixes implying more than 250 km/h; stay clear of it. */
const MAX_SPEED_KMH = 200;
/** Where the driver goes online: this far from the pickup, so there is a visible drive to it. */
const START_DISTANCE_KM = 1.5;
const START_BEARING_DEG = 225;
const OFFER_WAIT_MS = 2 * 60 * 1000;
const OFFER_POLL_MS = 1000;
/** Print a progress line about this often while driving. */
const PROGRESS_EVERY_MS = 5000;
/** Give up after this many position posts in a row fail (the server is gone). */
const MAX_CONSECUTIVE_FAILURES = 5;

// ---------------------------------------------------------------------------------------------------------------
// Pure geometry (straight lines are fine over the few kilometres of a demo drive)

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in km. */
function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point a share `t` (0..1) of the way from `a` to `b`. */
function interpolate(a: LatLng, b: LatLng, t: number): LatLng {
  const s = Math.min(1, Math.max(0, t));
  return { lat: a.lat + (b.lat - a.lat) * s, lng: a.lng + (b.lng - a.lng) * s };
}

/** Initial compass bearing from `a` to `b`, degrees 0..360 (0 = north). */
function bearingDeg(a: LatLng, b: LatLng): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `km` away from `origin` along `bearing` degrees. */
function offsetPoint(origin: LatLng, km: number, bearing: number): LatLng {
  const d = km / EARTH_RADIUS_KM;
  const b = rad(bearing);
  const lat1 = rad(origin.lat);
  const lng1 = rad(origin.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: deg(lat2), lng: ((deg(lng2) + 540) % 360) - 180 };
}

// ---------------------------------------------------------------------------------------------------------------
// Output

const log = (message: string) => console.log(`[drive] ${message}`);
const fmtKm = (km: number) => `${km.toFixed(2)} km`;
const fmtPoint = (p: LatLng) => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
const etaText = (km: number, kmh: number) => {
  const minutes = (km / kmh) * 60;
  return minutes < 1 ? `${Math.max(0, Math.round(minutes * 60))} s` : `${Math.round(minutes)} min`;
};

/** A failure the user can act on: printed as-is, without a stack. */
class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// HTTP client of the public API

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

class ApiClient {
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(
    private readonly base: URL,
    private readonly signal: AbortSignal,
  ) {
    this.origin = base.origin;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') {
      // The server's CSRF defence: state changes must be JSON and come from its own origin.
      headers['Content-Type'] = 'application/json';
      headers.Origin = this.origin;
    }
    let res: Response;
    try {
      res = await fetch(new URL(path, this.base), {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        signal: this.signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (this.signal.aborted) throw error;
      throw new HttpError(0, `Cannot reach ${this.origin} (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}). Is the server running (npm start)?`);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text || res.statusText;
      try {
        const parsed = JSON.parse(text) as { message?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
      } catch {
        // Not JSON: keep the text.
      }
      throw new HttpError(res.status, `${method} ${path} -> ${res.status}: ${message}`);
    }
    return (text ? JSON.parse(text) : null) as T;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Credentials

type Credentials = { email: string; password: string; source: string };

async function readCredentials(): Promise<Credentials> {
  const { DRIVER_EMAIL: email, DRIVER_PASSWORD: password } = process.env;
  if (email && password) return { email, password, source: 'DRIVER_EMAIL/DRIVER_PASSWORD' };
  if (email || password) throw new UsageError('Set both DRIVER_EMAIL and DRIVER_PASSWORD, or neither (to use the demo driver).');

  const file = join(process.env.DATA_DIR ?? './data', 'demo-accounts.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(
      `No driver credentials: set DRIVER_EMAIL and DRIVER_PASSWORD, or start the server once (npm start) so it writes ${file}` +
        (process.env.DATA_DIR ? '.' : ' (set DATA_DIR if the server uses another data directory).'),
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON.`);
  }
  const driver = typeof parsed === 'object' && parsed !== null ? (parsed as { driver?: { email?: unknown; password?: unknown } }).driver : undefined;
  if (!driver || typeof driver.email !== 'string' || typeof driver.password !== 'string') {
    throw new UsageError(`${file} has no driver account ({"driver": {"email", "password"}}); set DRIVER_EMAIL and DRIVER_PASSWORD.`);
  }
  return { email: driver.email, password: driver.password, source: file };
}

// ---------------------------------------------------------------------------------------------------------------
// The drive

type Options = { target: string; speedKmh: number; intervalMs: number };

function parseOptions(): Options {
  const usage = 'Usage: npm run drive -- <tracking id or number> [--speed <km/h>] [--interval <ms>]';
  const parsed = (() => {
    try {
      return parseArgs({
        options: { speed: { type: 'string' }, interval: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
        allowPositionals: true,
      });
    } catch (error) {
      throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    }
  })();
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  const target = parsed.positionals[0]?.trim();
  if (!target || parsed.positionals.length > 1) throw new UsageError(usage);
  const speedKmh = parsed.values.speed === undefined ? DEFAULT_SPEED_KMH : Number(parsed.values.speed);
  if (!Number.isFinite(speedKmh) || speedKmh <= 0 || speedKmh > MAX_SPEED_KMH) {
    throw new UsageError(`--speed must be a number of km/h above 0 and at most ${MAX_SPEED_KMH} (the server rejects implausible jumps).`);
  }
  const intervalMs = parsed.values.interval === undefined ? DEFAULT_INTERVAL_MS : Number(parsed.values.interval);
  if (!Number.isInteger(intervalMs) || intervalMs < 100 || intervalMs > 60_000) throw new UsageError('--interval must be whole milliseconds from 100 to 60000.');
  return { target, speedKmh, intervalMs };
}

function parseBaseUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Reported below.
  }
  throw new UsageError(`BASE_URL must be an http(s) URL, e.g. http://localhost:5000 (got "${value}").`);
}

class Driver {
  /** Where the simulated car is. */
  position: LatLng;
  private lastProgressAt = 0;
  private warnedTooFast = false;

  constructor(
    private readonly api: ApiClient,
    private readonly signal: AbortSignal,
    private readonly opts: Options,
    start: LatLng,
  ) {
    this.position = start;
  }

  async goOnline(): Promise<void> {
    await this.api.post('/api/driver/status', { online: true, lat: this.position.lat, lng: this.position.lng });
  }

  /** Sends one fix at the current position; goes online again if the server has the driver offline (409). */
  private async sendFix(headingDeg: number, speedKmh: number): Promise<void> {
    const fix = {
      lat: this.position.lat,
      lng: this.position.lng,
      accuracy: 5,
      speed: speedKmh / 3.6,
      heading: headingDeg,
      recordedAt: new Date().toISOString(),
    };
    let result: { accepted: number; dropped: Record<string, number> };
    try {
      result = await this.api.post('/api/driver/positions', { positions: [fix] });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      log(`The server has this driver offline (${error.message}); going online again.`);
      await this.goOnline();
      result = await this.api.post('/api/driver/positions', { positions: [fix] });
    }
    if (result.accepted === 0 && (result.dropped['too-fast'] ?? 0) > 0 && !this.warnedTooFast) {
      this.warnedTooFast = true;
      log('The server dropped a fix as too fast: its last stored position of this driver is far from here. Fixes are accepted again once the jump is plausible.');
    }
  }

  /** Moves in a straight line to `to` (named `place`) at the chosen speed, one fix per interval, timed by the wall clock. */
  async driveTo(to: LatLng, place: string): Promise<void> {
    const from = this.position;
    const totalKm = distanceKm(from, to);
    const heading = bearingDeg(from, to);
    const kmPerMs = this.opts.speedKmh / 3_600_000;
    log(`Driving ${fmtKm(totalKm)} to ${place} at ${this.opts.speedKmh} km/h (about ${etaText(totalKm, this.opts.speedKmh)}).`);
    const startedAt = Date.now();
    this.lastProgressAt = startedAt;
    let failures = 0;
    for (;;) {
      const coveredKm = Math.min(totalKm, (Date.now() - startedAt) * kmPerMs);
      this.position = totalKm > 0 ? interpolate(from, to, coveredKm / totalKm) : to;
      const arrived = coveredKm >= totalKm;
      try {
        await this.sendFix(heading, arrived ? 0 : this.opts.speedKmh);
        failures = 0;
      } catch (error) {
        if (this.signal.aborted) throw error;
        failures += 1;
        log(`Position not sent (${error instanceof Error ? error.message : String(error)}).`);
        if (failures >= MAX_CONSECUTIVE_FAILURES) throw new UsageError(`${failures} position posts failed in a row; giving up.`);
      }
      const leftKm = totalKm - coveredKm;
      if (arrived) {
        log(`Arrived at ${place}.`);
        return;
      }
      if (Date.now() - this.lastProgressAt >= PROGRESS_EVERY_MS) {
        this.lastProgressAt = Date.now();
        log(`  to ${place}: ${fmtKm(leftKm)} left, ETA ${etaText(leftKm, this.opts.speedKmh)} (at ${fmtPoint(this.position)})`);
      }
      await sleep(this.opts.intervalMs, undefined, { signal: this.signal });
    }
  }
}

async function main(): Promise<void> {
  const opts = parseOptions();
  const base = parseBaseUrl(process.env.BASE_URL ?? 'http://localhost:5000');
  const controller = new AbortController();
  process.on('SIGINT', () => {
    // The first Ctrl-C stops after the current request; a second one leaves at once.
    if (controller.signal.aborted) process.exit(130);
    console.log('');
    log('Stopping…');
    controller.abort();
  });
  const api = new ApiClient(base, controller.signal);
  let order: DriverOrder | null = null;

  try {
    const creds = await readCredentials();
    try {
      const user = await api.post<{ username: string; role: string }>('/api/auth/login', { email: creds.email, password: creds.password });
      if (user.role !== 'driver') throw new UsageError(`${creds.email} is signed in as '${user.role}', not a driver. Use a driver account.`);
      log(`Signed in as ${user.username} <${creds.email}> (credentials from ${creds.source}).`);
    } catch (error) {
      if (error instanceof HttpError && error.status !== 0) throw new UsageError(`Sign-in failed for ${creds.email}: ${error.message}`);
      throw error;
    }

    let tracking: TrackingView;
    try {
      tracking = await api.get<TrackingView>(`/api/tracking/${encodeURIComponent(opts.target)}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new UsageError(`No order matches "${opts.target}".`);
      throw error;
    }
    const trackingId = tracking.id;
    if (!tracking.route) throw new UsageError(`${trackingId} (${tracking.serviceName}) has no route to drive: it is not a delivery, ride or shipment.`);
    if (tracking.orderStatus === 'completed' || tracking.orderStatus === 'cancelled') {
      throw new UsageError(`${trackingId} is already ${tracking.orderStatus}; nothing to drive.`);
    }
    const pickup: LatLng = tracking.route.pickup;
    const destination: LatLng = tracking.route.destination;
    log(`Order ${trackingId} (${tracking.serviceName}), status ${tracking.orderStatus ?? tracking.status}.`);
    log(`  pickup      ${tracking.route.pickup.address} (${fmtPoint(pickup)})`);
    log(`  destination ${tracking.route.destination.address} (${fmtPoint(destination)})`);

    const mine = await api.get<DriverOrdersResponse>('/api/driver/orders');
    if (mine.active && mine.active.trackingId !== trackingId) {
      throw new UsageError(
        `This driver already has an active order, ${mine.active.trackingId} (${mine.active.status}); finish it first: npm run drive -- ${mine.active.trackingId}`,
      );
    }
    order = mine.active;

    // Resuming: start where the server last saw the car; otherwise a little way from the pickup.
    let start: LatLng = offsetPoint(pickup, START_DISTANCE_KM, START_BEARING_DEG);
    if (order) {
      const here = tracking.currentLocation;
      start = here ? { lat: here.lat, lng: here.lng } : order.status === 'transit' ? pickup : order.status === 'delivered' ? destination : start;
    }
    const driver = new Driver(api, controller.signal, opts, start);
    await driver.goOnline();
    log(`Online at ${fmtPoint(start)} (${fmtKm(distanceKm(start, pickup))} from the pickup).`);

    if (order) {
      log(`${trackingId} is already this driver's active order (${order.status}); continuing from there.`);
    } else {
      order = await waitForOfferAndAccept(api, trackingId, controller.signal);
    }

    // Walk the state machine from wherever the order is.
    let status: OrderStatus = order.status;
    while (status !== 'completed') {
      if (status === 'accepted') await driver.driveTo(pickup, 'the pickup');
      if (status === 'transit') await driver.driveTo(destination, 'the destination');
      const next = nextStatus(status);
      if (!next || next === 'accepted') throw new UsageError(`Order ${trackingId} is ${status}; there is no driver step from there.`);
      log(`${nextStepLabel(status, order.kind) ?? next} -> ${next}`);
      order = await api.post<DriverOrder>(`/api/driver/orders/${order.id}/status`, { status: next });
      status = order.status;
    }

    const earnings = await api.get<DriverEarnings>('/api/driver/earnings').catch(() => null);
    log(`Order ${trackingId} completed: earned $${order.price.toFixed(2)}${earnings ? ` (today $${earnings.today.toFixed(2)}, this week $${earnings.week.toFixed(2)})` : ''}.`);
    log(`The driver stays online; turn it off on /driver.`);
  } catch (error) {
    if (controller.signal.aborted) {
      log(order ? `Stopped. Order ${order.trackingId} stays ${order.status}; run the same command again to continue.` : 'Stopped.');
      process.exitCode = 130;
      return;
    }
    if (error instanceof UsageError || error instanceof HttpError) {
      console.error(`[drive] ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

/** Polls the driver's orders until the order is offered (then accepts it) or already ours; 2 minutes at most. */
async function waitForOfferAndAccept(api: ApiClient, trackingId: string, signal: AbortSignal): Promise<DriverOrder> {
  const startedAt = Date.now();
  let lastNote = 0;
  log(`Waiting up to ${OFFER_WAIT_MS / 60_000} minutes for ${trackingId} to be offered to this driver…`);
  while (Date.now() - startedAt < OFFER_WAIT_MS) {
    const orders = await api.get<DriverOrdersResponse>('/api/driver/orders');
    if (orders.active?.trackingId === trackingId) {
      log(`${trackingId} was accepted meanwhile (on /driver?); continuing.`);
      return orders.active;
    }
    const offer = orders.available.find((o) => o.trackingId === trackingId);
    if (offer) {
      log(`Offered: ${offer.kind}, ${offer.distanceKm.toFixed(1)} km, pays $${offer.price.toFixed(2)}. Accepting.`);
      try {
        const accepted = await api.post<DriverOrder>(`/api/driver/orders/${offer.id}/accept`, {});
        log(`Accepted ${trackingId}.`);
        return accepted;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 409) throw error;
        log(`Accept refused: ${error.message}`);
        const tracking = await api.get<TrackingView>(`/api/tracking/${encodeURIComponent(trackingId)}`);
        if (tracking.orderStatus !== 'pending') throw new UsageError(`${trackingId} is ${tracking.orderStatus ?? tracking.status} now; another driver may have taken it.`);
      }
    } else if (Date.now() - lastNote >= 10_000) {
      lastNote = Date.now();
      const others = orders.available.length;
      log(`  still waiting (${Math.round((Date.now() - startedAt) / 1000)} s; ${others} other offer${others === 1 ? '' : 's'} on screen)`);
      log("  (a restaurant's order is offered once the restaurant marks it 'Ready for pickup' on /provider)");
    }
    await sleep(OFFER_POLL_MS, undefined, { signal });
  }
  throw new UsageError(
    `No offer for ${trackingId} within ${OFFER_WAIT_MS / 60_000} minutes. Is it paid and still pending, and is no other online driver nearer the pickup?`,
  );
}

main().catch((error: unknown) => {
  // Bad arguments or settings read as one line; anything else is a bug worth a stack.
  console.error(error instanceof UsageError ? `[drive] ${error.message}` : error);
  process.exit(1);
});
