/**
 * The tracking map's markers and lines, drawn the same by the map's picture (map-preview.tsx) and by Leaflet
 * (leaflet-map.tsx), so nothing moves when Leaflet takes over. Markers are inline SVG (Leaflet's default icon is a PNG
 * whose URL bundlers rewrite); the SVG carries the accessible name.
 */
import type { LatLng } from './map-view';

export type MarkerKind = 'pickup' | 'destination' | 'driver' | 'current' | 'me';

export type MarkerShape = {
  label: string;
  /** The SVG's content, in a 32 x 32 view box. */
  body: string;
  /** Drawn size in CSS pixels (square). */
  size: number;
  /** Which point of the icon sits on the map position: its centre, or the bottom middle (a pin's tip). */
  anchor: 'centre' | 'tip';
};

export const MARKERS: Record<MarkerKind, MarkerShape> = {
  pickup: {
    label: 'Pickup',
    body: '<circle cx="16" cy="16" r="11" fill="#059669" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="4" fill="#fff"/>',
    size: 26,
    anchor: 'centre',
  },
  destination: {
    label: 'Destination',
    body: '<path d="M16 31s-10-9.4-10-17a10 10 0 0 1 20 0c0 7.6-10 17-10 17z" fill="#dc2626" stroke="#fff" stroke-width="2"/><circle cx="16" cy="14" r="4" fill="#fff"/>',
    size: 34,
    anchor: 'tip',
  },
  driver: {
    label: 'Driver',
    body: '<circle cx="16" cy="16" r="13" fill="#4338ca" stroke="#fff" stroke-width="3"/><path d="M9 18l1.6-4.6A2 2 0 0 1 12.5 12h7a2 2 0 0 1 1.9 1.4L23 18v4h-2.2v-1.6h-9.6V22H9z" fill="#fff"/>',
    size: 32,
    anchor: 'centre',
  },
  // A parcel or order moving without one of our drivers (a carrier's scan location, say).
  current: {
    label: 'Current location',
    body: '<circle cx="16" cy="16" r="12" fill="#4338ca" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="4" fill="#fff"/>',
    size: 28,
    anchor: 'centre',
  },
  me: { label: 'You', body: '<circle cx="16" cy="16" r="9" fill="#2563eb" stroke="#fff" stroke-width="4"/>', size: 22, anchor: 'centre' },
};

/** Where the marker's top-left corner is, relative to its map position (Leaflet's iconAnchor, negated). */
export function markerAnchor(shape: MarkerShape): [number, number] {
  return shape.anchor === 'tip' ? [shape.size / 2, shape.size] : [shape.size / 2, shape.size / 2];
}

/** The marker's SVG markup, as Leaflet's divIcon holds it. */
export function markerSvg(shape: MarkerShape): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${shape.size}" height="${shape.size}" role="img" aria-label="${shape.label}"><title>${shape.label}</title>${shape.body}</svg>`;
}

/** The planned leg (pickup to destination), faint and dashed, so the route reads even before the driver has moved. */
export const PLANNED_LEG_STYLE = { color: '#64748b', weight: 2, dashArray: '6 6', opacity: 0.8 } as const;
/** The path driven so far. */
export const DRIVEN_PATH_STYLE = { color: '#4338ca', weight: 4, opacity: 0.9 } as const;

/**
 * What the map shows besides its tiles. `current` is the driver (or the parcel's last scan); `me` is the visitor once
 * "Centre on me" found them.
 */
export type MapContent = {
  plannedLeg: [LatLng, LatLng] | null;
  path: LatLng[];
  pickup: LatLng | null;
  destination: LatLng;
  current: { at: LatLng; driver: boolean } | null;
  me: LatLng | null;
};
