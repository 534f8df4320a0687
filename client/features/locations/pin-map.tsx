import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { TILE_ATTRIBUTION } from '@client/lib/map-tiles';

export type LatLng = { lat: number; lng: number };
export type PinHow = 'click' | 'drag' | 'keyboard';

export type PinMapProps = {
  /** The pin, or null before it is placed (a click on the map places it). */
  value: LatLng | null;
  /** Where the map looks; a new `key` moves the view there (an address was found), the same key leaves it alone. */
  view: { centre: LatLng; zoom: number; key: number };
  /** The tile template, or undefined for no tiles (not known yet, or they failed: a plain ground, the pin still works). */
  tileUrl: string | undefined;
  /** Changes to ask for the tiles again (the browser came back online). */
  tileAttempt: number;
  onTiles: (state: 'ok' | 'failed') => void;
  onPick: (point: LatLng, how: PinHow) => void;
  /** Accessible names: the map region and the pin (a button-like control moved with the arrow keys). */
  mapLabel: string;
  pinLabel: string;
  /** Ids of the texts describing the pin (its coordinates, how to move it). */
  pinDescribedBy: string;
};


/** Screen pixels one arrow key press moves the pin; with Shift, five times as far. */
export const KEY_STEP_PX = 10;

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="40" viewBox="0 0 32 40" aria-hidden="true" focusable="false">' +
  '<path d="M16 39c-1-1.6-13-14.6-13-23.5a13 13 0 0 1 26 0C29 24.4 17 37.4 16 39z" fill="#dc2626" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="15.5" r="5" fill="#fff"/></svg>';

const PIN_ICON = L.divIcon({
  html: PIN_SVG,
  // Replaces Leaflet's white box; the ring shows keyboard focus on the pin.
  className: 'rounded-full outline-none focus-visible:ring-4 focus-visible:ring-brand-500',
  iconSize: [32, 40],
  iconAnchor: [16, 39],
});

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const round6 = (p: L.LatLng): LatLng => ({ lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(L.Util.wrapNum(p.lng, [-180, 180], true) * 1e6) / 1e6 });

/**
 * The Leaflet map of the pin picker (its own chunk, with Leaflet): click to place the pin, drag it, or focus it and
 * move it with the arrow keys. Plain Leaflet rather than react-leaflet: the pin's element needs its own keyboard
 * handling and accessible name. Without tiles the map is a plain ground and everything still works.
 */
export function PinMap(props: PinMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  // The latest props for Leaflet's handlers, which are bound once.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, {
      // The pin, not the map, takes the arrow keys; the zoom buttons stay reachable by Tab.
      keyboard: false,
      scrollWheelZoom: false,
      fadeAnimation: false,
      worldCopyJump: true,
    });
    map.setView([latest.current.view.centre.lat, latest.current.view.centre.lng], latest.current.view.zoom);
    map.on('click', (event: L.LeafletMouseEvent) => latest.current.onPick(round6(event.latlng), 'click'));
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', latest.current.mapLabel);
    mapRef.current = map;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !props.tileUrl) return;
    let anyLoaded = false;
    const layer = L.tileLayer(props.tileUrl, { attribution: TILE_ATTRIBUTION });
    layer.on('tileload', () => {
      anyLoaded = true;
      latest.current.onTiles('ok');
    });
    // One failed tile among loaded ones is hidden by Leaflet already; a layer that never loaded anything is the plain ground.
    layer.on('tileerror', () => {
      if (!anyLoaded) latest.current.onTiles('failed');
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [props.tileUrl, props.tileAttempt]);

  // The pin follows `value`: created when first placed, moved after, removed when cleared.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const value = props.value;
    let marker = markerRef.current;
    if (!value) {
      marker?.remove();
      markerRef.current = null;
      return;
    }
    if (!marker) {
      marker = L.marker([value.lat, value.lng], { icon: PIN_ICON, draggable: true, keyboard: true, autoPan: true, zIndexOffset: 1000 });
      marker.on('dragend', () => {
        const at = markerRef.current?.getLatLng();
        if (at) latest.current.onPick(round6(at), 'drag');
      });
      marker.addTo(map);
      const pin = marker.getElement();
      if (pin) {
        pin.setAttribute('aria-label', latest.current.pinLabel);
        pin.setAttribute('aria-describedby', latest.current.pinDescribedBy);
        pin.addEventListener('keydown', (event: KeyboardEvent) => {
          const step = ARROWS[event.key];
          const current = markerRef.current;
          if (!step || !current || event.altKey || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          event.stopPropagation();
          const px = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
          const point = map.project(current.getLatLng()).add(L.point(step[0] * px, step[1] * px));
          const next = round6(map.unproject(point));
          current.setLatLng([next.lat, next.lng]);
          map.panInside([next.lat, next.lng], { padding: [40, 40] });
          latest.current.onPick(next, 'keyboard');
        });
      }
      markerRef.current = marker;
    } else {
      const at = marker.getLatLng();
      if (Math.abs(at.lat - value.lat) > 1e-7 || Math.abs(at.lng - value.lng) > 1e-7) marker.setLatLng([value.lat, value.lng]);
    }
  }, [props.value]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || props.view.key === 0) return;
    map.setView([props.view.centre.lat, props.view.centre.lng], props.view.zoom);
    // Only a new view key moves the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.view.key]);

  return <div ref={element} className="size-full bg-slate-100" />;
}
