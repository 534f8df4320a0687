import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { DRIVEN_PATH_STYLE, MARKERS, markerAnchor, markerSvg, PLANNED_LEG_STYLE, type MapContent, type MarkerKind } from './map-markers';
import {
  fitView,
  offsetFromCentre,
  OPENING_PADDING,
  pointInFrame,
  referencePicture,
  referenceView,
  tileUrl,
  TILE_SIZE,
  viewTiles,
  type LatLng,
  type MapView,
  type Size,
} from './map-view';

/**
 * The map as a picture: the tiles of the view Leaflet would open on, as plain images, with the route and the markers
 * drawn over them (map-markers.ts), following the record's live updates. Drawn with the page: Leaflet (about 45 KB and a
 * long task of set-up on a phone) only loads when the visitor reaches for the map (tracking-map.tsx), asks for the same
 * tile URLs (from the browser's cache) and is drawn over the picture. `onSettled` is called once every tile has loaded
 * or failed, with whether any loaded. Without a template (or with failed tiles) the route shows on the plain ground.
 *
 * It renders in two steps. Before the frame is measured (on the server, which sends /track/{id} with this picture in
 * its HTML, and while the browser hydrates that HTML) it shows the view fitted for a phone-width frame `height` px
 * high, centred in the frame whatever its width (map-view.ts's `referencePicture`). Once a ResizeObserver has reported
 * the frame's size, it shows the view Leaflet will open on in that very frame, each tile where Leaflet puts it; a tile
 * in both keeps its element, so nothing is fetched or painted again.
 */
export function MapPreview({
  points,
  maxZoom,
  template,
  height,
  content,
  onSettled,
}: {
  /** The points the view is fitted to. */
  points: LatLng[];
  maxZoom: number;
  /** The tile template; none while it is not known, or once the tiles are known to fail. */
  template: string | undefined;
  content: MapContent;
  /** The frame's inner height, in CSS pixels. */
  height: number;
  onSettled: (result: { anyLoaded: boolean }) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  // Measured once the browser has laid the page out anyway (a ResizeObserver's reports), not by forcing a layout in
  // the middle of the page's first commit; its size as Leaflet reads it (whole pixels). Measured again when the frame
  // changes size (a phone turned, a window resized): the picture may be the map for the whole visit.
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      setSize((now) => (now && now.width === next.width && now.height === next.height ? now : next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const options = { padding: OPENING_PADDING, maxZoom };
  const view = size ? fitView(points, size, options) : referenceView(points, height, options);
  const placed = !view
    ? []
    : size
      ? viewTiles(view, size).map((t) => ({ ...t, style: { left: t.left, top: t.top } as CSSProperties }))
      : referencePicture(view, height).map((t) => ({
          ...t,
          style: { left: `calc(50% + ${t.left}px)`, top: `calc(50% + ${t.top}px)` } as CSSProperties,
        }));
  const tiles = template ? placed.map((t) => ({ ...t, url: tileUrl(template, t) })) : [];
  const drawable = tiles.length > 0 && tiles.every((t) => t.url !== undefined);

  const images = useRef(new Map<string, HTMLImageElement>());
  // Counted from the measured picture on: its tiles may have loaded (or failed) before the page was hydrated, when no
  // handler was there to see it, so those already complete are read from their elements.
  const pending = useRef<Set<string> | null>(null);
  const anyLoaded = useRef(false);
  const settled = useRef(false);
  const settle = () => {
    if (settled.current) return;
    settled.current = true;
    onSettled({ anyLoaded: anyLoaded.current });
  };
  const done = (key: string, img: HTMLImageElement, loaded: boolean) => {
    if (!loaded) img.hidden = true;
    if (!pending.current?.has(key)) return;
    if (loaded) anyLoaded.current = true;
    pending.current.delete(key);
    if (pending.current.size === 0) settle();
  };
  const measured = size !== null;
  useLayoutEffect(() => {
    // Without a template there is nothing to wait for yet (it is on its way, or the tiles are known to fail).
    if (!measured || pending.current || !template) return;
    // Nothing to draw (a template Leaflet would refuse, no points): nothing to wait for, and nothing says tiles fail.
    if (!drawable) {
      pending.current = new Set();
      anyLoaded.current = true;
      settle();
      return;
    }
    pending.current = new Set(tiles.map((t) => t.key));
    for (const t of tiles) {
      const img = images.current.get(t.key);
      if (img?.complete) done(t.key, img, img.naturalWidth > 0);
    }
  });

  return (
    <div ref={frame} className="pointer-events-none absolute inset-0 overflow-hidden" data-map-preview={measured ? 'fitted' : 'reference'}>
      {drawable
        ? tiles.map((t) => (
            <img
              key={t.key}
              ref={(img) => {
                if (img) images.current.set(t.key, img);
                else images.current.delete(t.key);
              }}
              src={t.url}
              alt=""
              width={TILE_SIZE}
              height={TILE_SIZE}
              draggable={false}
              // The page's largest picture: asked for ahead of the other images.
              fetchPriority="high"
              className="absolute max-w-none"
              style={t.style}
              onLoad={(e) => done(t.key, e.currentTarget, true)}
              onError={(e) => done(t.key, e.currentTarget, false)}
              // Decoration: the region names the map, the markers name the places.
              aria-hidden="true"
            />
          ))
        : null}
      {view ? <Overlay view={view} frameSize={size} content={content} /> : null}
    </div>
  );
}

/**
 * The route and the markers as Leaflet draws them (its polyline and icon styles): placed from the frame's centre, and
 * once the frame is measured, each marker on the very pixel Leaflet puts it.
 */
function Overlay({ view, frameSize, content }: { view: MapView; frameSize: Size | null; content: MapContent }) {
  const at = (p: LatLng) => offsetFromCentre(p, view);
  const points = (line: LatLng[]) =>
    line
      .map((p) => {
        const q = at(p);
        return `${q.x.toFixed(1)},${q.y.toFixed(1)}`;
      })
      .join(' ');
  const line = (style: { color: string; weight: number; opacity: number; dashArray?: string }) => ({
    fill: 'none',
    stroke: style.color,
    strokeWidth: style.weight,
    strokeOpacity: style.opacity,
    strokeDasharray: style.dashArray,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  });
  const markers: Array<[MarkerKind, LatLng]> = [];
  if (content.pickup) markers.push(['pickup', content.pickup]);
  markers.push(['destination', content.destination]);
  // Leaflet draws the lower marker over the higher one, and the driver over both.
  markers.sort((a, b) => at(a[1]).y - at(b[1]).y);
  if (content.current) markers.push([content.current.driver ? 'driver' : 'current', content.current.at]);
  if (content.me) markers.push(['me', content.me]);
  return (
    <>
      <svg className="absolute top-1/2 left-1/2 overflow-visible" width="0" height="0" aria-hidden="true">
        {content.plannedLeg ? <polyline points={points(content.plannedLeg)} {...line(PLANNED_LEG_STYLE)} /> : null}
        {content.path.length > 1 ? <polyline points={points(content.path)} {...line(DRIVEN_PATH_STYLE)} /> : null}
      </svg>
      {markers.map(([kind, p]) => {
        const shape = MARKERS[kind];
        const [dx, dy] = markerAnchor(shape);
        const q = at(p);
        const exact = frameSize ? pointInFrame(p, view, frameSize) : null;
        const place: CSSProperties = exact
          ? { left: exact.x - dx, top: exact.y - dy }
          : { left: `calc(50% + ${(q.x - dx).toFixed(1)}px)`, top: `calc(50% + ${(q.y - dy).toFixed(1)}px)` };
        return (
          <span
            key={kind}
            className="absolute block"
            style={{ ...place, width: shape.size, height: shape.size }}
            data-map-marker={kind}
            // Fixed markup of our own (map-markers.ts), the same Leaflet's icons hold.
            dangerouslySetInnerHTML={{ __html: markerSvg(shape) }}
          />
        );
      })}
    </>
  );
}
