import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './results-map.css';
import L from 'leaflet';
// Adds L.markerClusterGroup to the Leaflet above (the plugin extends the `L` that Leaflet sets on window).
import 'leaflet.markercluster';
import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button, buttonVariants } from '@client/ui/button';
import { clusterBadge, mapItemKey, searchArea, viewChangeFor, type Bounds, type MapItem } from './results-map-model';
import { TILE_ATTRIBUTION, useTileState, useTileUrl } from '@client/lib/map-tiles';

export { mapItemKey, type Bounds, type MapItem } from './results-map-model';

export type ResultsMapProps = {
  items: MapItem[];
  /** Where the map looks when there are no items (the place searched near). */
  center?: { lat: number; lng: number };
  /** `${kind}:${id}` of the highlighted result (mapItemKey). */
  selectedKey?: string;
  /** The person chose a result (the View button of its marker's popup). */
  onPick(item: MapItem): void;
  /** 'Search this area': the visible area, within -90..90 and -180..180. */
  onSearchArea(bounds: Bounds): void;
  className?: string;
};

const MAP_LABEL = 'Map of results';
const WORLD_VIEW = { centre: [30, 0] as [number, number], zoom: 2 };
/** How close the map looks at a single result or at the place searched near. */
const POINT_ZOOM = 14;
/** Fitting results a street apart must not zoom past street level. */
const FIT_MAX_ZOOM = 15;
const FIT_PADDING: [number, number] = [32, 32];

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="36" viewBox="0 0 28 36" aria-hidden="true" focusable="false">' +
  '<path class="results-pin" d="M14 35c-1-1.5-12-13-12-21.5a12 12 0 0 1 24 0C26 22 15 33.5 14 35z" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="14" cy="13.5" r="4.5" fill="#fff"/></svg>';

/**
 * A marker's or cluster's icon whose element carries its accessible name (Leaflet makes it a focusable
 * role="button") and answers Space as it answers Enter. Leaflet builds a new element each time the marker is shown
 * (clusters split and merge as the map zooms), so the name and state are set here rather than on one element.
 */
function namedIcon(options: L.DivIconOptions, name: string, decorate?: (element: HTMLElement) => void): L.DivIcon {
  const icon = L.divIcon(options);
  const create = icon.createIcon.bind(icon);
  icon.createIcon = (old?: HTMLElement) => {
    const element = create(old);
    element.setAttribute('aria-label', name);
    element.onkeydown = (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      element.click();
    };
    decorate?.(element);
    return element;
  };
  return icon;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 36 : count < 100 ? 42 : 50;
  return namedIcon(
    { html: `<span aria-hidden="true">${clusterBadge(count)}</span>`, className: 'results-cluster', iconSize: [size, size] },
    `${count} results here, zoom in`,
  );
}

type Entry = { item: MapItem; marker: L.Marker };

const finite = (item: MapItem) => Number.isFinite(item.lat) && Number.isFinite(item.lng) && Math.abs(item.lat) <= 90 && Math.abs(item.lng) <= 180;
const sameItem = (a: MapItem, b: MapItem) => a.lat === b.lat && a.lng === b.lng && a.name === b.name && a.subtitle === b.subtitle;
/** What the items are, as text: a page that renders the same items in a new array does not move the view. */
const signatureOf = (items: MapItem[]) => items.map((i) => `${mapItemKey(i)}@${i.lat},${i.lng}|${i.name}|${i.subtitle ?? ''}`).join('\n');

/**
 * The map of search results (Leaflet with markercluster, its own chunk: load it with lazyComponent or React.lazy).
 * Markers are grouped when they crowd; a marker opens a popup with the result's name and a View button. The view fits
 * each new search's results; after the person moves or zooms the map, 'Search this area' asks for the visible area,
 * and the results of that search leave the view where it is. Markers and clusters are buttons reached with Tab
 * (Enter or Space opens a popup or zooms into a cluster); the map itself pans with the arrow keys. Without tiles
 * (offline, blocked; the tests have no internet) the markers stand on a plain ground.
 */
export function ResultsMap(props: ResultsMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const entries = useRef(new Map<string, Entry>());
  // The latest props for Leaflet's handlers, which are bound once.
  const latest = useRef(props);
  latest.current = props;
  const tileUrl = useTileUrl();
  const { tiles, setTiles, tileAttempt } = useTileState();
  // 'Search this area' shows once the person has moved the map, until they press it or the view fits new results.
  const [moved, setMoved] = useState(false);
  const movedByPerson = useRef(false);
  // Moves the map makes itself (fitting results, a resize, a popup panning into view) are not the person's.
  const ownMove = useRef(false);
  const autoPanning = useRef(false);
  const askedArea = useRef<Bounds | null>(null);
  const shownKeys = useRef<ReadonlySet<string>>(new Set());
  // A fit asked for while the map had no size (a hidden tab): done when it gets one.
  const fitPending = useRef(false);

  const withOwnMove = (move: () => void) => {
    ownMove.current = true;
    try {
      move();
    } finally {
      ownMove.current = false;
    }
  };

  /** Fits the current items (or centres on `center` without them); the person's moves are forgotten. */
  const fitView = () => {
    const map = mapRef.current;
    if (!map) return;
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) {
      fitPending.current = true;
      return;
    }
    fitPending.current = false;
    const points = [...entries.current.values()].map((e) => L.latLng(e.item.lat, e.item.lng));
    const centre = latest.current.center;
    withOwnMove(() => {
      if (points.length === 1) map.setView(points[0], POINT_ZOOM, { animate: false });
      else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate: false });
      else if (centre) map.setView([centre.lat, centre.lng], POINT_ZOOM, { animate: false });
    });
    movedByPerson.current = false;
    setMoved(false);
  };
  const fitViewRef = useRef(fitView);
  fitViewRef.current = fitView;

  // The map and its marker group, made once and removed on unmount.
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, {
      // Arrow keys pan and +/- zoom while the map has the focus; markers are reached with Tab.
      keyboard: true,
      scrollWheelZoom: false,
      fadeAnimation: false,
      worldCopyJump: true,
      minZoom: 1,
      // The clusters need the deepest zoom before any tiles (which would tell it) are there; OpenStreetMap's.
      maxZoom: 19,
    });
    map.setView(WORLD_VIEW.centre, WORLD_VIEW.zoom);
    const container = map.getContainer();
    container.setAttribute('role', 'group');
    container.setAttribute('aria-label', 'Map: arrow keys move it, plus and minus zoom');

    const group = L.markerClusterGroup({ iconCreateFunction: clusterIcon, showCoverageOnHover: false, maxClusterRadius: 60, chunkedLoading: true });
    // Enter on a cluster zooms into it (or spreads it out at the deepest zoom) and its element goes; markercluster
    // then focuses the map. The focus moves on to the first of its results as now shown, so the keyboard user carries
    // on where they were.
    let focusAfterZoom: L.Marker | null = null;
    group.on('clusterkeypress', (event) => {
      const { layer, originalEvent } = event as unknown as { layer: L.MarkerCluster; originalEvent: KeyboardEvent };
      if (originalEvent.key === 'Enter') focusAfterZoom = layer.getAllChildMarkers()[0] ?? null;
    });
    group.on('animationend spiderfied', () => {
      const marker = focusAfterZoom;
      focusAfterZoom = null;
      const focus = document.activeElement;
      if (!marker || (focus && focus !== document.body && focus !== map.getContainer())) return;
      const shown = group.getVisibleParent(marker) as L.Marker | null;
      shown?.getElement()?.focus({ preventScroll: true });
    });
    group.addTo(map);

    map.on('autopanstart', () => {
      autoPanning.current = true;
    });
    map.on('moveend', () => {
      if (ownMove.current) return;
      if (autoPanning.current) {
        autoPanning.current = false;
        return;
      }
      movedByPerson.current = true;
      setMoved(true);
    });

    // A popup opened from the keyboard takes the focus to its View button, and gives it back to its marker when it
    // closes, so a keyboard user need not Tab past every other marker to reach it.
    let returnFocusTo: HTMLElement | null = null;
    map.on('popupopen', (event: L.PopupEvent) => {
      const source = (event.popup as L.Popup & { _source?: L.Marker })._source;
      const marker = source?.getElement();
      if (marker && marker.matches(':focus-visible')) {
        returnFocusTo = marker;
        event.popup.getElement()?.querySelector<HTMLButtonElement>('button[data-view]')?.focus({ preventScroll: true });
      }
    });
    map.on('popupclose', (event: L.PopupEvent) => {
      const target = returnFocusTo;
      returnFocusTo = null;
      const popup = event.popup.getElement();
      const focus = document.activeElement;
      if (target?.isConnected && (!focus || focus === document.body || popup?.contains(focus))) target.focus({ preventScroll: true });
    });

    const observer = new ResizeObserver(() => {
      withOwnMove(() => map.invalidateSize());
      if (fitPending.current) fitViewRef.current();
    });
    observer.observe(container);
    mapRef.current = map;
    groupRef.current = group;
    const shown = entries.current;
    return () => {
      observer.disconnect();
      mapRef.current = null;
      groupRef.current = null;
      shown.clear();
      shownKeys.current = new Set();
      map.remove();
    };
  }, []);

  // Tiles from the deployment's template; a layer that never loads a tile is dropped (the plain ground stays).
  const tilesFailed = tiles === 'failed';
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl || tilesFailed) return;
    let anyLoaded = false;
    const layer = L.tileLayer(tileUrl, { attribution: TILE_ATTRIBUTION });
    layer.on('tileload', () => {
      anyLoaded = true;
      setTiles('ok');
    });
    layer.on('tileerror', () => {
      if (!anyLoaded) setTiles('failed');
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
    // Loading turning to ok keeps the layer; failing removes it; coming back online (a new attempt) asks again.
  }, [tileUrl, tileAttempt, tilesFailed, setTiles]);

  // The markers follow the items: the group's layers are updated in place (added, removed, replaced when a result
  // moved or was renamed), never the map re-made.
  const signature = signatureOf(props.items);
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const items = latest.current.items.filter(finite);
    const next = new Map(items.map((item) => [mapItemKey(item), item]));
    const removed: L.Layer[] = [];
    const added: L.Layer[] = [];
    for (const [key, entry] of entries.current) {
      const item = next.get(key);
      if (item && sameItem(item, entry.item)) continue;
      removed.push(entry.marker);
      entries.current.delete(key);
    }
    for (const [key, item] of next) {
      if (entries.current.has(key)) continue;
      const marker = resultMarker(key, item);
      entries.current.set(key, { item, marker });
      added.push(marker);
    }
    // Old markers go before the view moves and new ones come after, so the clusters are made once, at the new view
    // (rather than animated from the old one).
    if (removed.length > 0) group.removeLayers(removed);
    const change = viewChangeFor({ previousKeys: shownKeys.current, items, askedArea: askedArea.current, movedByPerson: movedByPerson.current });
    askedArea.current = null;
    shownKeys.current = new Set(next.keys());
    if (change === 'fit') fitViewRef.current();
    if (added.length > 0) group.addLayers(added);
    // The signature stands for the items (a new array with the same results changes nothing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  // Without results, a new place to look near moves the view there.
  const centreLat = props.center?.lat;
  const centreLng = props.center?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || centreLat === undefined || centreLng === undefined || entries.current.size > 0) return;
    fitViewRef.current();
  }, [centreLat, centreLng]);

  // The selected result stands out (and above its neighbours) wherever it is shown.
  const selectedKey = props.selectedKey;
  useEffect(() => {
    for (const [key, { marker }] of entries.current) {
      const selected = key === selectedKey;
      marker.setZIndexOffset(selected ? 1000 : 0);
      markSelected(marker.getElement(), selected);
    }
  }, [selectedKey, signature]);

  /** A result's marker: a named, focusable pin whose popup shows its name and a View button. */
  function resultMarker(key: string, item: MapItem): L.Marker {
    const icon = namedIcon(
      { html: PIN_SVG, className: 'results-marker', iconSize: [28, 36], iconAnchor: [14, 35], popupAnchor: [0, -32] },
      item.name,
      (element) => markSelected(element, latest.current.selectedKey === key),
    );
    const marker = L.marker([item.lat, item.lng], { icon, title: item.name, keyboard: true, riseOnHover: true });
    marker.bindPopup(() => popupContent(item), { closeButton: true, autoPanPadding: L.point(16, 16), maxWidth: 260, minWidth: 160 });
    return marker;
  }

  function popupContent(item: MapItem): HTMLElement {
    const box = document.createElement('div');
    box.className = 'grid gap-1';
    const name = document.createElement('p');
    name.className = 'm-0! text-sm font-semibold text-gray-900';
    name.textContent = item.name;
    box.append(name);
    if (item.subtitle) {
      const subtitle = document.createElement('p');
      subtitle.className = 'm-0! text-xs text-gray-600';
      subtitle.textContent = item.subtitle;
      box.append(subtitle);
    }
    const view = document.createElement('button');
    view.type = 'button';
    view.dataset.view = '';
    view.className = buttonVariants({ size: 'sm', className: 'mt-1 justify-self-start' });
    view.textContent = 'View';
    view.addEventListener('click', () => {
      mapRef.current?.closePopup();
      latest.current.onPick(item);
    });
    // Escape closes the popup (Leaflet's own Escape works only while the map itself has the focus).
    box.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      mapRef.current?.closePopup();
    });
    box.append(view);
    return box;
  }

  const searchThisArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const view = map.getBounds();
    const area = searchArea({ south: view.getSouth(), west: view.getWest(), north: view.getNorth(), east: view.getEast() });
    askedArea.current = area;
    setMoved(false);
    latest.current.onSearchArea(area);
  };

  return (
    // `isolate` keeps Leaflet's z-indexed panes (up to 1000) from painting over the sticky header and dialogs.
    <div role="region" aria-label={MAP_LABEL} className={cn('relative isolate min-h-64 overflow-hidden rounded-lg border border-gray-200 bg-slate-100', props.className)} data-tiles={tiles}>
      {moved ? (
        // Before the map in the page's order: Shift+Tab from the map reaches it at once.
        <Button type="button" size="sm" variant="outline" onClick={searchThisArea} className="absolute top-2 left-1/2 z-[1001] -translate-x-1/2 shadow-md">
          <Search className="size-4" aria-hidden="true" />
          Search this area
        </Button>
      ) : null}
      <div ref={element} className="absolute inset-0 bg-slate-100" />
      {tiles === 'failed' ? (
        <p role="status" className="pointer-events-none absolute bottom-2 left-2 z-[1001] max-w-[60%] rounded-md bg-white/90 px-2 py-1 text-xs text-gray-700 shadow-sm">
          Map tiles unavailable — results still shown
        </p>
      ) : null}
    </div>
  );
}

function markSelected(element: HTMLElement | undefined, selected: boolean) {
  if (!element) return;
  if (selected) {
    element.dataset.selected = 'true';
    element.setAttribute('aria-current', 'true');
  } else {
    delete element.dataset.selected;
    element.removeAttribute('aria-current');
  }
}

export default ResultsMap;
