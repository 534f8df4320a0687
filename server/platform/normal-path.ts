/**
 * One URL per route: a request path the router would read differently from its text is refused or redirected before
 * routing, so every guard that looks at `request.url` (CSRF, the text guard, sessions, the cache) sees what the
 * router sees. The router decodes `%61` to `a` and `/%61pi/x` reaches `/api/x`; so do `//api/x` and `/api/./x` in
 * other servers and proxies. The query string is never looked at.
 *
 * A path is in normal form when it starts with `/` and has no percent-encoded unreserved character (letters,
 * digits, `-._~`), no empty segment but a trailing one (`//`), and no `.` or `..` segment. A path with an encoded
 * slash or backslash (`%2F`, `%5C`), a raw backslash, a `#` or a broken `%` escape has no normal form.
 */

/** What to do with a request target that is not in normal form; undefined for one that is. */
export type PathVerdict = { status: 308; location: string } | { status: 400; message: string } | undefined;

export const NOT_NORMAL_MESSAGE = 'The request path is not in normal form (no percent-encoded letters, digits or -._~, no //, no . or .. segments)';
export const NO_NORMAL_FORM_MESSAGE = 'The request path must start with / and must not hold an encoded slash or backslash, a backslash, a # or a broken % escape';

/** Non-empty segments of characters that never make a path abnormal (a dot segment is looked for apart): the quick check. */
const PLAIN = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@]+)*\/?$/;
/** What makes a path have no normal form at all. */
const HOPELESS = /%(?![0-9A-Fa-f]{2})|%2f|%5c|\\|#/i;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The normal form of a path (no query), or undefined when it has none. */
export function normalPath(path: string): string | undefined {
  if (!path.startsWith('/') || HOPELESS.test(path)) return undefined;
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : escape;
  });
  const segments = decoded.split('/').slice(1);
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment === '..' || segment === '.' || segment === '') {
      // A dot segment or an empty one at the end leaves the path ending in a slash (`/a/.` is `/a/`).
      if (last) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

/** Paths answered in JSON (the API and the sockets): refused when not normal, never redirected. */
const API_LIKE = /^\/(?:api|ws)(?:\/|$)/;

/**
 * The verdict on a request target (path and query as sent): undefined when its path is in normal form; a 308 to the
 * normal form (the query kept as sent) for a GET or HEAD of a page; else a 400.
 */
export function pathVerdict(method: string | undefined, url: string): PathVerdict {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (PLAIN.test(path) && !path.includes('/.')) return undefined;
  const normal = normalPath(path);
  if (normal === path) return undefined;
  if (normal === undefined) return { status: 400, message: NO_NORMAL_FORM_MESSAGE };
  const location = normal + (q === -1 ? '' : url.slice(q));
  // Only a location a header can carry as it is (the request line cannot hold much else anyway).
  if ((method === 'GET' || method === 'HEAD') && !API_LIKE.test(normal) && /^[\x21-\x7e]+$/.test(location)) return { status: 308, location };
  return { status: 400, message: NOT_NORMAL_MESSAGE };
}
