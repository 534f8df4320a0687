/**
 * Address search behind one interface. With GEOCODER_URL set, a Nominatim- or Photon-compatible search endpoint
 * answers (street level: house numbers, postcodes); its answers are remembered for a day. Without it, or when it
 * times out, fails or answers nonsense, the location directory answers with the closest places it knows and says
 * so (domain/locations/geocode.ts), so the person places the map pin at the exact spot.
 */
import {
  GEOCODE_MAX_RESULTS,
  GEOCODER_DOWN_MESSAGE,
  GEOCODER_EMPTY_MESSAGE,
  NOTHING_FOUND_MESSAGE,
  directoryGeocode,
  type GeocodeAnswer,
  type GeocodeResult,
} from '../../../domain/locations/geocode';
import { foldText, type LocationIndex } from '../../../domain/locations/search';

export interface Geocoder {
  /** Results for an address, best first; never throws for a geocoder's failure (the directory answers instead). */
  geocode(q: string): Promise<GeocodeAnswer>;
  /** True when a street-level geocoder is configured. */
  readonly configured: boolean;
}

type Logger = { warn(obj: unknown, msg?: string): void };

/** The directory alone: no network, cities, streets, neighbourhoods, landmarks and airports. */
export class DirectoryGeocoder implements Geocoder {
  readonly configured = false;
  constructor(private readonly index: () => LocationIndex) {}
  async geocode(q: string): Promise<GeocodeAnswer> {
    return directoryGeocode(this.index(), q);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const coord = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);

function result(label: string | undefined, lat: number, lng: number): GeocodeResult | null {
  if (!label || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { label: label.slice(0, 300), lat, lng, source: 'geocoder' };
}

/** A Photon feature's label: '578 Queen Street West, Toronto, Ontario, M5V 2B5, Canada'. */
function photonLabel(p: Record<string, unknown>): string | undefined {
  const street = str(p.street) ? [str(p.housenumber), str(p.street)].filter(Boolean).join(' ') : undefined;
  const first = str(p.name) && street && str(p.name) !== street ? `${str(p.name)}, ${street}` : (street ?? str(p.name));
  const parts = [first, str(p.city) ?? str(p.district), str(p.state), str(p.postcode), str(p.country)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The results of a geocoder's JSON: Nominatim's `json`/`jsonv2` (an array of {lat, lon, display_name}), or GeoJSON
 * (Photon, Nominatim's `geojson`/`geocodejson`: features with [lng, lat] points). Anything else is no results.
 */
export function parseGeocoderJson(body: unknown): GeocodeResult[] {
  const out: GeocodeResult[] = [];
  if (Array.isArray(body)) {
    for (const item of body) {
      if (!isRecord(item)) continue;
      const r = result(str(item.display_name) ?? str(item.name), coord(item.lat), coord(item.lon));
      if (r) out.push(r);
    }
  } else if (isRecord(body) && Array.isArray(body.features)) {
    for (const feature of body.features) {
      if (!isRecord(feature) || !isRecord(feature.geometry) || !Array.isArray(feature.geometry.coordinates)) continue;
      const [lng, lat] = feature.geometry.coordinates as unknown[];
      const p = isRecord(feature.properties) ? feature.properties : {};
      const geocoding = isRecord(p.geocoding) ? p.geocoding : {};
      const r = result(str(p.display_name) ?? str(geocoding.label) ?? photonLabel(p), coord(lat), coord(lng));
      if (r) out.push(r);
    }
  }
  return out.slice(0, GEOCODE_MAX_RESULTS);
}

export type HttpGeocoderOptions = {
  /** The search endpoint, e.g. https://nominatim.openstreetmap.org/search or https://photon.komoot.io/api; its own query parameters are kept. */
  url: string;
  timeoutMs: number;
  /** Sent as User-Agent (Nominatim's usage policy asks for one that names the application). */
  userAgent: string;
  index: () => LocationIndex;
  log?: Logger;
  /** How many answers are remembered, and for how long. */
  cacheSize?: number;
  cacheMs?: number;
};

/** A Nominatim/Photon-compatible geocoder over HTTP, falling back to the directory when it cannot answer. */
export class HttpGeocoder implements Geocoder {
  readonly configured = true;
  private readonly cache = new Map<string, { at: number; answer: GeocodeAnswer }>();
  constructor(private readonly opts: HttpGeocoderOptions) {}

  async geocode(q: string): Promise<GeocodeAnswer> {
    const key = foldText(q).replace(/\s+/g, ' ').trim();
    const cacheMs = this.opts.cacheMs ?? 24 * 3600_000;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < cacheMs) return hit.answer;
    let results: GeocodeResult[];
    try {
      results = await this.ask(q);
    } catch (error) {
      this.opts.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'geocoder failed; the location directory answered');
      const fallback = directoryGeocode(this.opts.index(), q);
      return { ...fallback, offline: true, message: fallback.results.length > 0 ? GEOCODER_DOWN_MESSAGE : NOTHING_FOUND_MESSAGE };
    }
    let answer: GeocodeAnswer;
    if (results.length > 0) answer = { results, offline: false };
    else {
      // The geocoder found nothing: the directory's closest places, if any, with the message to place the pin.
      const fallback = directoryGeocode(this.opts.index(), q);
      answer = { results: fallback.results, offline: false, message: fallback.results.length > 0 ? GEOCODER_EMPTY_MESSAGE : NOTHING_FOUND_MESSAGE };
    }
    this.remember(key, answer);
    return answer;
  }

  private async ask(q: string): Promise<GeocodeResult[]> {
    const url = new URL(this.opts.url);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(GEOCODE_MAX_RESULTS));
    const res = await fetch(url, {
      signal: AbortSignal.timeout(this.opts.timeoutMs),
      headers: { accept: 'application/json', 'accept-language': 'en', 'user-agent': this.opts.userAgent },
      redirect: 'follow',
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`geocoder answered ${res.status}`);
    }
    const body: unknown = await res.json();
    if (!Array.isArray(body) && !(isRecord(body) && Array.isArray(body.features))) throw new Error('geocoder answered an unknown shape');
    return parseGeocoderJson(body);
  }

  private remember(key: string, answer: GeocodeAnswer) {
    const max = this.opts.cacheSize ?? 1000;
    this.cache.delete(key);
    this.cache.set(key, { at: Date.now(), answer });
    while (this.cache.size > max) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

/** The geocoder a deployment asked for: HTTP when GEOCODER_URL is set, else the directory. */
export function createGeocoder(opts: { url?: string; timeoutMs: number; userAgent: string; index: () => LocationIndex; log?: Logger }): Geocoder {
  return opts.url ? new HttpGeocoder({ ...opts, url: opts.url }) : new DirectoryGeocoder(opts.index);
}
