/**
 * The opaque `cursor` of GET /api/search: where the last page ended (its last item's sort key and its kind and id)
 * and a fingerprint of the query it belongs to, as base64url JSON. The server reads it back; a cursor of another query
 * (other words, filters or sort) or a damaged one is refused (400), never silently applied to the wrong list.
 */
import { SEARCH_KINDS, type SearchKind, type SearchQuery } from './schemas';

/**
 * The sort values of the last item (e.g. [score, rating] for relevance), its kind and id, and whether the pages are
 * those of a broad search (one matching more than the server counts one by one: its later pages stay broad).
 */
export type CursorKey = { values: Array<number | string>; kind: SearchKind; id: number; broad: boolean };

/** FNV-1a over UTF-16 code units, two seeds: 64 bits of fingerprint as hex (not a secret, only a match check). */
function fnv(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Stable JSON: object keys in order, undefined left out. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a cursor is bound to: every parameter but the cursor itself and the page size (which may change between pages). */
export function queryFingerprint(query: SearchQuery): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  const text = stable(rest);
  return fnv(text, 0x811c9dc5) + fnv(text, 0x2166136);
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeCursor(key: CursorKey, fingerprint: string): string {
  return toBase64Url(JSON.stringify([fingerprint, key.values, key.kind, key.id, key.broad ? 1 : 0]));
}

/** The key of a cursor made for this fingerprint, or null (garbage, or another query's cursor). */
export function decodeCursor(cursor: string, fingerprint: string): CursorKey | null {
  const json = fromBase64Url(cursor);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [print, values, kind, id, broad] = parsed as unknown[];
  if (print !== fingerprint) return null;
  if (!Array.isArray(values) || !values.every((v) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string')) return null;
  if (typeof kind !== 'string' || !(SEARCH_KINDS as readonly string[]).includes(kind)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (broad !== 0 && broad !== 1) return null;
  return { values: values as Array<number | string>, kind: kind as SearchKind, id, broad: broad === 1 };
}
