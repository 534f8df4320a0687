import { greatCircleKm } from '../catalogue/pricing';

/** A position fix as a driver's device reports it. */
export type PositionFix = { lat: number; lng: number; accuracy?: number; speed?: number; heading?: number; recordedAt: string };

export const MAX_PLAUSIBLE_KMH = 250;
export const MAX_FIX_AGE_MS = 60 * 60 * 1000;
/** Clocks drift: a fix up to this far in the future is accepted as "now". */
export const FUTURE_TOLERANCE_MS = 30 * 1000;

export type DropReason = 'out-of-range' | 'future' | 'stale' | 'too-fast';
export type FilteredFixes = { accepted: Array<PositionFix & { at: number }>; dropped: Record<DropReason, number> };

/**
 * Keeps the plausible fixes of a batch, oldest first: coordinates in range, recordedAt neither in the future nor over
 * an hour old, and no jump faster than 250 km/h from the previous accepted fix (or from `last`, the driver's last
 * stored fix). Everything else is dropped and counted by reason.
 */
export function filterFixes(fixes: PositionFix[], now: number, last?: { lat: number; lng: number; at: number } | null): FilteredFixes {
  const dropped: Record<DropReason, number> = { 'out-of-range': 0, future: 0, stale: 0, 'too-fast': 0 };
  const accepted: FilteredFixes['accepted'] = [];
  const sorted = fixes
    .map((f) => ({ ...f, at: Date.parse(f.recordedAt) }))
    .sort((a, b) => (Number.isNaN(a.at) ? 0 : a.at) - (Number.isNaN(b.at) ? 0 : b.at));
  let prev = last ?? null;
  for (const fix of sorted) {
    if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lng) || Math.abs(fix.lat) > 90 || Math.abs(fix.lng) > 180 || Number.isNaN(fix.at)) {
      dropped['out-of-range'] += 1;
      continue;
    }
    if (fix.at > now + FUTURE_TOLERANCE_MS) {
      dropped.future += 1;
      continue;
    }
    if (fix.at < now - MAX_FIX_AGE_MS) {
      dropped.stale += 1;
      continue;
    }
    if (prev) {
      const km = greatCircleKm(prev, fix);
      const hours = (fix.at - prev.at) / 3_600_000;
      // Two fixes at the same instant may only differ by GPS jitter (50 m).
      const tooFast = hours <= 0 ? km > 0.05 : km / hours > MAX_PLAUSIBLE_KMH;
      if (tooFast) {
        dropped['too-fast'] += 1;
        continue;
      }
    }
    accepted.push(fix);
    prev = { lat: fix.lat, lng: fix.lng, at: fix.at };
  }
  return { accepted, dropped };
}
