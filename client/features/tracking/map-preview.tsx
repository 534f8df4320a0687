import { useLayoutEffect, useRef, useState } from 'react';
import { fitView, OPENING_PADDING, tileUrl, TILE_SIZE, viewTiles, type LatLng, type Size } from './map-view';

/**
 * The map's first picture: the tiles of the view Leaflet will open on, as plain images, drawn with the page rather
 * than after Leaflet's code has loaded and set up. Leaflet asks for the same URLs (from the browser's cache) and is
 * drawn over it. `onSettled` is called once every tile has loaded or failed (with whether any loaded): the interactive
 * map comes after the picture, not in competition with it. Hidden from assistive technology: the map's region carries
 * the name.
 */
export function MapPreview({
  points,
  maxZoom,
  template,
  onSettled,
}: {
  points: LatLng[];
  maxZoom: number;
  template: string;
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
  const view = size ? fitView(points, size, { padding: OPENING_PADDING, maxZoom }) : undefined;
  const tiles = size && view ? viewTiles(view, size).map((t) => ({ ...t, url: tileUrl(template, t) })) : [];
  const pending = useRef<Set<string> | null>(null);
  const anyLoaded = useRef(false);
  const settled = useRef(false);
  const settle = () => {
    if (settled.current) return;
    settled.current = true;
    onSettled({ anyLoaded: anyLoaded.current });
  };
  // Nothing to draw (a template Leaflet would refuse, no size): nothing to wait for, and nothing says the tiles fail.
  useLayoutEffect(() => {
    if (size && (tiles.length === 0 || tiles.some((t) => t.url === undefined))) {
      anyLoaded.current = true;
      settle();
    }
  });
  if (size && tiles.length > 0 && !pending.current) pending.current = new Set(tiles.map((t) => t.url ?? ''));
  const done = (url: string, loaded: boolean) => {
    if (loaded) anyLoaded.current = true;
    pending.current?.delete(url);
    if (pending.current?.size === 0) settle();
  };

  return (
    <div ref={frame} className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true" data-map-preview="">
      {tiles.every((t) => t.url !== undefined)
        ? tiles.map((t) => (
            <img
              // A world narrower than the frame repeats: one URL can be drawn in two places.
              key={`${t.left}:${t.top}`}
              src={t.url}
              alt=""
              width={TILE_SIZE}
              height={TILE_SIZE}
              draggable={false}
              // The page's largest picture: asked for ahead of the other images.
              fetchPriority="high"
              className="absolute max-w-none"
              style={{ left: t.left, top: t.top }}
              onLoad={() => done(t.url ?? '', true)}
              onError={(e) => {
                e.currentTarget.hidden = true;
                done(t.url ?? '', false);
              }}
            />
          ))
        : null}
    </div>
  );
}
