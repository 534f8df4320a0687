/**
 * The HTML documents of the built client (issue 13): the build prerenders `/` into index.html, a few routes into
 * `<name>.html` (e.g. onboarding.html) and the layout for every other client route into shell.html
 * (scripts/prerender-plugin.ts). The server's SPA fallback and the service worker's offline navigations both pick
 * a route's document with {@link documentFor}, from the documents the build wrote.
 */
export function documentFor(path: string, documents: ReadonlySet<string>): string {
  const name = path.replace(/\/+$/, '').slice(1);
  if (name === '') return 'index.html';
  if (/^[a-z0-9-]+$/.test(name) && name !== 'shell' && name !== 'index' && documents.has(`${name}.html`)) return `${name}.html`;
  // A build without a shell (older, or made by hand) serves index.html for every route.
  return documents.has('shell.html') ? 'shell.html' : 'index.html';
}
