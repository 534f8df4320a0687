/** One line per change: `field: before → after` for [before, after] pairs, `field: value` for facts. */
export function describeChanges(changes: Record<string, unknown>): string {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(changes)
    .map(([k, v]) => (Array.isArray(v) && v.length === 2 ? `${k}: ${show(v[0])} → ${show(v[1])}` : `${k}: ${show(v)}`))
    .join('; ');
}
