import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { fitView, OPENING_PADDING, referencePicture, tileUrl, TILE_SIZE, viewTiles, type LatLng, type Size } from './map-view';

/**
 * The map's first picture: the tiles of the view Leaflet will open on, as plain images, drawn with the page rather
 * than after Leaflet's code has loaded and set up. Leaflet asks for the same URLs (from the browser's cache) and is
 * drawn over it. `onSettled` is called once every tile has loaded or failed (with whether any loaded): the interactive
 * map comes after the picture, not in competition with it. Hidden from assistive technology: the map's region carries
 * the name.
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
  onSettled,
}: {
  points: LatLng[];
  maxZoom: number;
  template: string;
  /** The frame's inner height, in CSS pixels. */
  height: number;
  onSettled: (result: { anyLoaded: boolean }) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  // Measured once the browser has laid the page out anyway (a ResizeObserver's first report), not by forcing a layout
  // in the middle of the page's first commit; its size as Leaflet reads it (whole pixels).
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      setSize({ width: el.clientWidth, height: el.clientHeight });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const options = { padding: OPENING_PADDING, maxZoom };
  const view = size ? fitView(points, size, options) : undefined;
  const placed = size
    ? (view ? viewTiles(view, size) : []).map((t) => ({ ...t, style: { left: t.left, top: t.top } as CSSProperties }))
    : referencePicture(points, height, options).map((t) => ({
        ...t,
        style: { left: `calc(50% + ${t.left}px)`, top: `calc(50% + ${t.top}px)` } as CSSProperties,
      }));
  const tiles = placed.map((t) => ({ ...t, url: tileUrl(template, t) }));
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
    if (!measured || pending.current) return;
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
    <div ref={frame} className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true" data-map-preview={measured ? 'fitted' : 'reference'}>
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
            />
          ))
        : null}
    </div>
  );
}
