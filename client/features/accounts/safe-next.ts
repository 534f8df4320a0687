import type { PublicUser } from '@domain/accounts/schemas';

/**
 * Accepts `next` only when it is a path on this site (so a crafted link cannot send a user elsewhere after
 * sign-in). Returns the normalised path, or null.
 */
export function safeNextPath(next: string | null | undefined, origin = window.location.origin): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // Dot segments can collapse into a leading '//' ('/..//evil.test' -> '//evil.test'), which the browser would read
  // as another host: squeeze any run of leading slashes or backslashes into one.
  const pathname = url.pathname.replace(/^[/\\]+/, '/');
  if (pathname === '/login') return null;
  return `${pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in: a safe `next`, else /admin for admins and / for everyone else. */
export function destinationAfterSignIn(user: Pick<PublicUser, 'role'>, next: string | null | undefined): string {
  return safeNextPath(next) ?? (user.role === 'admin' ? '/admin' : '/');
}
