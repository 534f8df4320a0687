import 'leaflet/dist/leaflet.css';
import L, { type LeafletEventHandlerFnMap, type Map as LeafletMap } from 'leaflet';
import { MapContainer, Marker, Polyline, TileLayer } from 'react-leaflet';
import { OPENING_PADDING, toTuple, type LatLng } from './map-view';

const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * A marker drawn with inline SVG: Leaflet's default icon is a PNG whose URL bundlers rewrite, so it breaks.
 * The SVG carries the accessible name; the marker itself is not focusable (it does nothing when activated).
 */
function markerIcon(label: string, svgBody: string, size: number, anchor: 'centre' | 'tip'): L.DivIcon {
  return L.divIcon({
    className: 'tracking-marker',
    html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}" role="img" aria-label="${label}"><title>${label}</title>${svgBody}</svg>`,
    iconSize: [size, size],
    iconAnchor: anchor === 'tip' ? [size / 2, size] : [size / 2, size / 2],
  });
}

const ICONS = {
  pickup: markerIcon('Pickup', '<circle cx="16" cy="16" r="11" fill="#059669" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="4" fill="#fff"/>', 26, 'centre'),
  destination: markerIcon(
    'Destination',
    '<path d="M16 31s-10-9.4-10-17a10 10 0 0 1 20 0c0 7.6-10 17-10 17z" fill="#dc2626" stroke="#fff" stroke-width="2"/><circle cx="16" cy="14" r="4" fill="#fff"/>',
    34,
    'tip',
  ),
  driver: markerIcon(
    'Driver',
    '<circle cx="16" cy="16" r="13" fill="#4338ca" stroke="#fff" stroke-width="3"/><path d="M9 18l1.6-4.6A2 2 0 0 1 12.5 12h7a2 2 0 0 1 1.9 1.4L23 18v4h-2.2v-1.6h-9.6V22H9z" fill="#fff"/>',
    32,
    'centre',
  ),
  // A parcel or order moving without one of our drivers (a carrier's scan location, say).
  current: markerIcon(
    'Current location',
    '<circle cx="16" cy="16" r="12" fill="#4338ca" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="4" fill="#fff"/>',
    28,
    'centre',
  ),
  me: markerIcon('You', '<circle cx="16" cy="16" r="9" fill="#2563eb" stroke="#fff" stroke-width="4"/>', 22, 'centre'),
};

export type LeafletMapProps = {
  /** The points the map opens on (fitted inside OPENING_PADDING, never closer than `maxZoom`). */
  opening: LatLng[];
  maxZoom: number;
  /** The tile template, or undefined for no tiles (none configured yet, or they failed: the route on a plain ground). */
  tileUrl: string | undefined;
  /** Changes to ask for the tiles again (the browser came back online). */
  tileAttempt: number;
  tileEvents: LeafletEventHandlerFnMap;
  /** See-through while the map's first picture (map-preview.tsx) still lies under it. */
  transparent: boolean;
  onMap: (map: LeafletMap | null) => void;
  plannedLeg: [LatLng, LatLng] | null;
  path: LatLng[];
  pickup: LatLng | null;
  destination: LatLng;
  current: { at: LatLng; driver: boolean } | null;
  me: LatLng | null;
};

/** The interactive map (Leaflet, its own chunk): tiles, the route, the markers. State and controls are TrackingMap's. */
export function LeafletTrackingMap(props: LeafletMapProps) {
  const { current } = props;
  return (
    <MapContainer
      ref={props.onMap}
      bounds={props.opening.map(toTuple)}
      boundsOptions={{ padding: [OPENING_PADDING, OPENING_PADDING], maxZoom: props.maxZoom }}
      scrollWheelZoom={false}
      // Tiles show at once rather than fading in over the first picture (which would flicker through to the ground).
      fadeAnimation={false}
      className={props.transparent ? 'size-full bg-transparent!' : 'size-full bg-slate-100!'}>
      {props.tileUrl ? (
        <TileLayer key={`${props.tileUrl}:${props.tileAttempt}`} url={props.tileUrl} attribution={TILE_ATTRIBUTION} eventHandlers={props.tileEvents} />
      ) : null}
      {props.plannedLeg ? (
        // The planned leg, faint and dashed, so the route reads even before the driver has moved.
        <Polyline positions={props.plannedLeg.map(toTuple)} pathOptions={{ color: '#64748b', weight: 2, dashArray: '6 6', opacity: 0.8 }} />
      ) : null}
      {props.path.length > 1 ? <Polyline positions={props.path.map(toTuple)} pathOptions={{ color: '#4338ca', weight: 4, opacity: 0.9 }} /> : null}
      {props.pickup ? <Marker position={toTuple(props.pickup)} icon={ICONS.pickup} title="Pickup" keyboard={false} interactive={false} /> : null}
      <Marker position={toTuple(props.destination)} icon={ICONS.destination} title="Destination" keyboard={false} interactive={false} />
      {current ? (
        <Marker
          position={toTuple(current.at)}
          icon={current.driver ? ICONS.driver : ICONS.current}
          title={current.driver ? 'Driver' : 'Current location'}
          keyboard={false}
          interactive={false}
          zIndexOffset={1000}
        />
      ) : null}
      {props.me ? <Marker position={toTuple(props.me)} icon={ICONS.me} title="You" keyboard={false} interactive={false} /> : null}
    </MapContainer>
  );
}
