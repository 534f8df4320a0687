import { startTransition, useEffect, useId, useMemo, useOptimistic, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Crosshair, LoaderCircle, Search, SlidersHorizontal, X } from 'lucide-react';
import { NEAR_RADIUS_DEFAULT_KM } from '@domain/search/schemas';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@client/ui/sheet';
import { LocationInput } from '@client/features/locations/location-input';
import { locateDevice } from '@client/features/locations/device-location';
import { CardGridSkeleton, EmptyState, ErrorState } from '@client/features/catalogue/components/states';
import { NativeSelect, ResultCount, NextPageButton, ViewToggle, sortOptions, useRevealFocus } from '@client/features/catalogue/components/list-controls';
import { useDebouncedValue } from '@client/features/catalogue/components/use-catalogue';
import { FacetPanel } from './facet-panel';
import { listingHref, rememberListing } from './listing-href';
import { MapArea, mapItemsOf } from './map-area';
import { priceText } from './result-format';
import { formatNumber, pluralize } from '@domain/format';
import { ResultCard } from './result-card';
import {
  apiQueryOf,
  hasFilters,
  LIST_FACETS,
  readSearchPage,
  searchPageHref,
  withArea,
  withKind,
  withoutPlace,
  type SearchPageState,
} from './search-state';
import { resultKey, useSearch } from './use-search';

/** Radius choices for a place, in km. */
const RADII = [5, 10, 25, 50, 100, 250, 500];
const RADIUS_OPTIONS = RADII.map((km) => ({ value: String(km), label: `${km} km` }));
const TYPING_DEBOUNCE_MS = 300;

/**
 * /search: one search across every kind of listing (issue 29). Everything it shows is in its URL (`q`, `kind`,
 * `near` with `place`, `radiusKm`, `bbox`, `sort`, the facet filters, `view=map`), so Back, a reload or a shared link
 * show the same results; each change of filter is a step of history, typing replaces the current one.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const urlState = useMemo(() => readSearchPage(params), [params]);
  // What the page shows: its URL's state, or the one just chosen while the navigation to it (a transition) is under
  // way, so a radio or a checkbox shows the choice at once instead of springing back until the new URL renders.
  const [state, showState] = useOptimistic(urlState);
  usePageTitle(state.q ? `Search: ${state.q}` : 'Search');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const go = (next: SearchPageState, replace = false) => {
    const href = searchPageHref(next);
    startTransition(() => {
      showState(next);
      setParams(new URLSearchParams(href.includes('?') ? href.slice(href.indexOf('?') + 1) : ''), { replace });
    });
  };

  // The words box: typed text goes to the URL after a pause (replacing the entry), or at once on Enter.
  const [text, setText] = useState(state.q);
  const typed = useDebouncedValue(text.trim(), TYPING_DEBOUNCE_MS);
  useEffect(() => {
    // Back or a link changed the words: the box follows.
    setText((current) => (current.trim() === state.q ? current : state.q));
  }, [state.q]);
  useEffect(() => {
    if (typed !== state.q) go({ ...state, q: typed }, true);
    // Only a pause in typing sends the words; the state they join is the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== state.q) go({ ...state, q: text.trim() });
  };

  // The place: the location box, or the browser's location.
  const [placeText, setPlaceText] = useState(state.place);
  useEffect(() => setPlaceText(state.place), [state.place]);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const locateMe = async () => {
    setLocating(true);
    setLocateError(null);
    const found = await locateDevice();
    setLocating(false);
    if (!found.ok) {
      setLocateError(found.message);
      return;
    }
    go({ ...state, near: found.point, place: 'My location', bbox: '' });
  };

  const query = apiQueryOf(state);
  const search = useSearch(query);
  const { items, total, facets } = search;
  const reveal = useRevealFocus(items.length);
  const [hovered, setHovered] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchId = useId();

  const onToggle = (facet: (typeof LIST_FACETS)[number], value: string, on: boolean) => {
    const values = state.filters[facet].filter((v) => v !== value);
    go({ ...state, filters: { ...state.filters, [facet]: on ? [...values, value] : values } });
  };
  const sortValue = state.sort ?? (state.q ? 'relevance' : 'rating');
  const activeFilters = LIST_FACETS.reduce((n, f) => n + state.filters[f].length, 0) + (state.kind ? 1 : 0) + (state.rating ? 1 : 0);
  const mapItems = useMemo(() => mapItemsOf(items, (i) => priceText(i) ?? i.city ?? undefined), [items]);

  const panel = (
    <FacetPanel
      state={state}
      facets={facets}
      onKind={(kind) => go(withKind(state, kind))}
      onToggle={onToggle}
      onRating={(rating) => go({ ...state, rating })}
    />
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Search</h1>
      <form role="search" aria-label="Search everything" className="mt-4 grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_auto_8rem] md:items-end" onSubmit={submit}>
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-gray-800">
            What are you looking for?
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
            <Input id={searchId} type="search" className="pl-9" placeholder="Search restaurants, hotels, places…" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        </div>
        <div className="flex min-w-0 items-end gap-2">
          <LocationInput
            className="flex-1"
            label="Near"
            type="city"
            placeholder="City or place"
            value={placeText}
            onValueChange={(value) => {
              setPlaceText(value);
              if (value.trim() === '' && state.near) go(withoutPlace(state));
            }}
            displayText={(l) => l.city && l.type === 'city' ? l.city : l.name}
            onSelect={(l) => go({ ...state, near: { lat: l.lat, lng: l.lng }, place: l.type === 'city' ? l.city || l.name : l.name, bbox: '' })}
          />
          {state.near ? (
            <Button variant="ghost" size="icon" aria-label={`Clear the place ${state.place || ''}`.trim()} onClick={() => go(withoutPlace(state))}>
              <X className="size-4" aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <Button type="button" variant="outline" onClick={() => void locateMe()} disabled={locating}>
          {locating ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Crosshair className="size-4" aria-hidden="true" />}
          Near me
        </Button>
        <NativeSelect
          label="Within"
          value={state.radiusKm || String(NEAR_RADIUS_DEFAULT_KM)}
          onChange={(radiusKm) => go({ ...state, radiusKm })}
          options={RADIUS_OPTIONS}
          disabled={!state.near || Boolean(state.bbox)}
        />
      </form>
      {locateError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {locateError}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside aria-label="Filters" className="hidden lg:block">
          {panel}
        </aside>
        <div className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1">
              <ResultCount total={total} singular="result" plural="results" pending={search.isPending} estimated={search.estimated} />
              {state.near ? (
                <p className="text-sm text-gray-600">
                  {state.bbox ? 'In the map area' : `Within ${state.radiusKm || NEAR_RADIUS_DEFAULT_KM} km of ${state.place || 'the chosen place'}`}
                </p>
              ) : state.bbox ? (
                <p className="text-sm text-gray-600">In the map area</p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-end gap-2">
              <Button variant="outline" className="lg:hidden" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
              </Button>
              <NativeSelect label="Sort by" value={sortValue} onChange={(sort) => go({ ...state, sort: sort as SearchPageState['sort'] })} options={sortOptions(Boolean(state.near))} />
              <ViewToggle view={state.view} onChange={(view) => go({ ...state, view }, true)} />
            </div>
          </div>
          {state.bbox ? (
            <p className="mt-2 text-sm">
              <button type="button" className="rounded text-brand-700 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" onClick={() => go({ ...state, bbox: '' })}>
                Search everywhere again
              </button>
            </p>
          ) : null}

          <div className={state.view === 'map' ? 'mt-4 grid gap-4 lg:grid-cols-2' : 'mt-4'}>
            <div className={state.view === 'map' ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
              {search.isPending ? (
                <CardGridSkeleton label="results" className="sm:grid-cols-1 lg:grid-cols-1" />
              ) : search.isError ? (
                <ErrorState title="Could not search" error={search.error} onRetry={() => void search.refetch()} />
              ) : items.length === 0 ? (
                <EmptyState
                  action={
                    hasFilters(state) ? (
                      <Button variant="outline" size="sm" onClick={() => go({ ...readSearchPage(''), q: state.q, view: state.view })}>
                        Remove all filters
                      </Button>
                    ) : undefined
                  }
                >
                  <span className="block font-medium text-gray-900">{state.q ? `No results for "${state.q}"` : 'No results'}</span>
                  <span className="mt-1 block">{state.q ? 'Check the spelling, or remove a filter.' : 'Remove a filter or search a wider area.'}</span>
                </EmptyState>
              ) : (
                <>
                  <ul aria-label="Search results" aria-busy={search.isPlaceholderData} className="grid gap-3 transition-opacity aria-busy:opacity-60">
                    {items.map((item, i) => (
                      <li key={resultKey(item)}>
                        <ResultCard item={item} selected={hovered === resultKey(item)} onHover={setHovered} cardRef={reveal.refFor(i)} />
                      </li>
                    ))}
                  </ul>
                  <NextPageButton pages={search} reveal={reveal}>
                    Show more
                  </NextPageButton>
                </>
              )}
            </div>
            {state.view === 'map' ? (
              <div className="min-w-0 lg:sticky lg:top-16 lg:self-start">
                <MapArea
                  className="h-[70vh] min-h-80 lg:h-[calc(100vh-6rem)]"
                  items={mapItems}
                  center={state.near ?? undefined}
                  selectedKey={hovered ?? undefined}
                  onPick={(picked) => {
                    const item = items.find((i) => resultKey(i) === resultKey(picked));
                    if (!item) return;
                    rememberListing(queryClient, item);
                    void navigate(listingHref(item));
                  }}
                  onSearchArea={(bounds) => go(withArea(state, bounds))}
                />
                {search.hasNextPage ? (
                  <p className="mt-2 text-sm text-gray-600 lg:hidden">The map shows the first {formatNumber(items.length)} results; switch to List for more.</p>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </div>

      <Sheet open={filtersOpen} onOpenChange={setFiltersOpen}>
        <SheetContent className="gap-4 p-5 pt-12">
          <SheetTitle className="text-lg font-semibold text-gray-900">Filters</SheetTitle>
          <SheetDescription className="sr-only">Narrow the results; each choice shows how many results it gives.</SheetDescription>
          {panel}
          <Button className="mt-auto" onClick={() => setFiltersOpen(false)}>
            {search.isPending ? 'Show results' : `Show ${pluralize(total, 'result')}`}
          </Button>
        </SheetContent>
      </Sheet>
    </div>
  );
}
