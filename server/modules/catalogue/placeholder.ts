/** Deterministic SVG placeholder images, so the product needs no external image host. */

const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#0ea5e9', '#6366f1'],
  ['#f97316', '#ef4444'],
  ['#10b981', '#0d9488'],
  ['#8b5cf6', '#ec4899'],
  ['#f59e0b', '#84cc16'],
  ['#14b8a6', '#3b82f6'],
  ['#64748b', '#0f172a'],
  ['#e11d48', '#7c3aed'],
];

const HOTEL_VIEWS = ['Exterior', 'Lobby', 'Room', 'Bathroom', 'Pool', 'View'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export type PlaceholderOptions = { hotel?: string; view?: string; random?: string };

/** An SVG of the given size: a gradient picked from the options, a few shapes and a caption. */
export function placeholderSvg(width: number, height: number, opts: PlaceholderOptions): string {
  const key = `${opts.hotel ?? ''}|${opts.view ?? ''}|${opts.random ?? ''}`;
  const h = hash(key);
  const [from, to] = PALETTES[h % PALETTES.length];
  const viewIndex = opts.view !== undefined ? Number.parseInt(opts.view, 10) : Number.NaN;
  const caption = opts.hotel
    ? Number.isInteger(viewIndex)
      ? HOTEL_VIEWS[((viewIndex % HOTEL_VIEWS.length) + HOTEL_VIEWS.length) % HOTEL_VIEWS.length]
      : 'Hotel'
    : `${width} × ${height}`;
  const r = Math.max(4, Math.round(Math.min(width, height) / 4));
  const cx = Math.round(width * (0.2 + ((h >>> 8) % 60) / 100));
  const cy = Math.round(height * (0.2 + ((h >>> 16) % 60) / 100));
  const fontSize = Math.max(6, Math.round(Math.min(width, height) / 10));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(caption)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="${width - cx}" cy="${height - cy}" r="${Math.round(r * 0.6)}" fill="#ffffff" fill-opacity="0.08"/>
<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.9">${escapeXml(caption)}</text>
</svg>`;
}
