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

/**
 * Pages the server renders per request (/track/{id}, ADR 025) come from a render module the build writes beside the
 * client's documents, in `<client build>-ssr/` (neither served nor precached), with the document template they go
 * into (scripts/prerender-plugin.ts writes both; server/platform/page-renderer.ts loads them).
 */
export const SERVER_RENDER = { dirSuffix: '-ssr', module: 'render.js', template: 'template.html' } as const;
/** The template's placeholders: the page's path (an attribute value), its markup and its query data (JSON). */
export const PAGE_SLOTS = { path: '%PAGE_PATH%', html: '<!--page-html-->', data: '<!--page-data-->' } as const;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

/**
 * The server template filled for one request: `path` (as the browser's location.pathname will read it) escaped for
 * an attribute, `html` as React rendered it, and `data` as JSON that cannot end its script element or open a comment
 * (`<`, `>` and `&` escaped, and the line separators JavaScript once treated as line ends).
 */
export function fillPage(template: string, page: { path: string; html: string; data: unknown }): string {
  const json = JSON.stringify(page.data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // Functions as replacements: `$` in the page's text is not a replacement pattern. The markup goes in last, so a
  // placeholder's text inside it is left alone.
  return template
    .replace(PAGE_SLOTS.path, () => page.path.replace(/[&"<>']/g, (c) => ATTRIBUTE_ESCAPES[c]))
    .replace(PAGE_SLOTS.data, () => json)
    .replace(PAGE_SLOTS.html, () => page.html);
}
