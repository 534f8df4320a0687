import { lazy, Suspense } from 'react';
import { MapPinned } from 'lucide-react';
import { cn } from '@client/lib/cn';
import type { Bounds, MapItem } from './results-map-model';
import type { ResultsMapProps } from './results-map';
import type { SearchItem } from './use-search';

export type { Bounds, MapItem };

// The map (Leaflet and its marker groups) is its own chunk, loaded when a map is first shown: never part of the home
// page's or the search page's first load.
const ResultsMap = lazy(() => import('./results-map').then((m) => ({ default: m.ResultsMap })));

/** The results that have a place, as map markers; `subtitle` is what a marker's label adds to the name. */
export function mapItemsOf(items: readonly SearchItem[], subtitle?: (item: SearchItem) => string | undefined): MapItem[] {
  const out: MapItem[] = [];
  for (const item of items) {
    if (typeof item.lat !== 'number' || typeof item.lng !== 'number') continue;
    const sub = subtitle?.(item) ?? item.city ?? undefined;
    out.push({ kind: item.kind, id: item.id, name: item.name, lat: item.lat, lng: item.lng, ...(sub ? { subtitle: sub } : {}) });
  }
  return out;
}

function MapPlaceholder({ className, text }: { className?: string; text: string }) {
  return (
    <div role="status" className={cn('flex min-h-80 flex-col items-center justify-center gap-2 rounded-xl border border-gray-200 bg-gray-50 text-sm text-gray-600', className)}>
      <MapPinned className="size-6 text-gray-400" aria-hidden="true" />
      {text}
    </div>
  );
}

/** The results map, or a placeholder while its code loads. */
export function MapArea(props: ResultsMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder className={props.className} text="Loading the map…" />}>
      <ResultsMap {...props} />
    </Suspense>
  );
}
