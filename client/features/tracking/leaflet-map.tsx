import 'leaflet/dist/leaflet.css';
import L, { type LeafletEventHandlerFnMap, type Map as LeafletMap } from 'leaflet';
import { MapContainer, Marker, Polyline, TileLayer } from 'react-leaflet';
import { DRIVEN_PATH_STYLE, MARKERS, markerAnchor, markerSvg, PLANNED_LEG_STYLE, type MapContent, type MarkerKind } from './map-markers';
import { OPENING_PADDING, toTuple, type LatLng } from './map-view';
import { TILE_ATTRIBUTION } from '@client/lib/map-tiles';


/** A Leaflet icon of one of the map's markers (map-markers.ts): the marker itself is not focusable (it does nothing). */
function markerIcon(kind: MarkerKind): L.DivIcon {
  const shape = MARKERS[kind];
  return L.divIcon({ className: 'tracking-marker', html: markerSvg(shape), iconSize: [shape.size, shape.size], iconAnchor: markerAnchor(shape) });
}

const ICONS = {
  pickup: markerIcon('pickup'),
  destination: markerIcon('destination'),
  driver: markerIcon('driver'),
  current: markerIcon('current'),
  me: markerIcon('me'),
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
} & MapContent;

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
        <Polyline positions={props.plannedLeg.map(toTuple)} pathOptions={PLANNED_LEG_STYLE} />
      ) : null}
      {props.path.length > 1 ? <Polyline positions={props.path.map(toTuple)} pathOptions={DRIVEN_PATH_STYLE} /> : null}
      {props.pickup ? <Marker position={toTuple(props.pickup)} icon={ICONS.pickup} title={MARKERS.pickup.label} keyboard={false} interactive={false} /> : null}
      <Marker position={toTuple(props.destination)} icon={ICONS.destination} title={MARKERS.destination.label} keyboard={false} interactive={false} />
      {current ? (
        <Marker
          position={toTuple(current.at)}
          icon={current.driver ? ICONS.driver : ICONS.current}
          title={MARKERS[current.driver ? 'driver' : 'current'].label}
          keyboard={false}
          interactive={false}
          zIndexOffset={1000}
        />
      ) : null}
      {props.me ? <Marker position={toTuple(props.me)} icon={ICONS.me} title={MARKERS.me.label} keyboard={false} interactive={false} /> : null}
    </MapContainer>
  );
}
