/**
 * The /search page's URL (issue 29): every parameter of the API plus the place's name and the map view, so Back,
 * refresh and a shared link show the same results.
 */
import { greatCircleKm } from '@domain/catalogue/pricing';
import { bboxParam, nearParam, parseNear, searchQueryString, type SearchKind, type SearchSort } from './search-query';

/** Parameters of the /search page that the API does not take: the chosen place's name and the map view. */
export const PAGE_ONLY_PARAMS = ['place', 'view'] as const;

/** Facets whose values are alternatives (checkboxes); `rating` is one value (radios), `kind` one kind. */
export const LIST_FACETS = ['cuisine', 'stars', 'type', 'category', 'airline', 'price'] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

/** The /search page's state, read from its URL. */
export type SearchPageState = {
  q: string;
  kind: SearchKind | null;
  near: { lat: number; lng: number } | null;
  /** What the place is called ('Toronto', 'My location'). */
  place: string;
  radiusKm: string;
  bbox: string;
  sort: SearchSort | null;
  filters: Record<ListFacet, string[]>;
  rating: string;
  view: 'list' | 'map';
};

const SORTS: readonly SearchSort[] = ['relevance', 'price', 'rating', 'distance'];
const KINDS: readonly SearchKind[] = ['restaurant', 'hotel', 'flight', 'car', 'property', 'taxi-ride', 'shipping-rate', 'general-service'];

const list = (value: string | null) =>
  value
    ? [...new Set(value.split(',').map((v) => v.trim()).filter((v) => v !== ''))]
    : [];

/** The page's state from its query string; unknown or malformed values are ignored rather than sent. */
export function readSearchPage(search: string | URLSearchParams): SearchPageState {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kind = p.get('kind');
  const sort = p.get('sort');
  const near = parseNear(p.get('near'));
  const filters = Object.fromEntries(LIST_FACETS.map((f) => [f, list(p.get(f))])) as Record<ListFacet, string[]>;
  return {
    q: (p.get('q') ?? '').trim(),
    kind: KINDS.includes(kind as SearchKind) ? (kind as SearchKind) : null,
    near,
    place: near ? (p.get('place') ?? '').trim() : '',
    radiusKm: near ? (p.get('radiusKm') ?? '') : '',
    bbox: p.get('bbox') ?? '',
    sort: SORTS.includes(sort as SearchSort) && (sort !== 'distance' || near) ? (sort as SearchSort) : null,
    filters,
    rating: p.get('rating') ?? '',
    view: p.get('view') === 'map' ? 'map' : 'list',
  };
}

/** What the page's state asks the API (its query string, without cursor). */
export function apiQueryOf(state: SearchPageState): string {
  return searchQueryString({
    q: state.q,
    kind: state.kind,
    near: state.near ? nearParam(state.near) : undefined,
    radiusKm: state.near ? state.radiusKm : undefined,
    bbox: state.bbox,
    sort: state.sort,
    // Price bands belong to one kind; the server refuses them without one.
    ...Object.fromEntries(LIST_FACETS.map((f) => [f, f === 'price' && !state.kind ? undefined : state.filters[f]])),
    rating: state.rating,
  });
}

/** The page's URL for a state: "/search?q=piza&near=...&place=Toronto&view=map". */
export function searchPageHref(state: SearchPageState): string {
  const params = new URLSearchParams(apiQueryOf(state));
  if (state.near && state.place) params.set('place', state.place);
  if (state.view === 'map') params.set('view', 'map');
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}

/** An empty state (no words, no filters): the page before anything is typed. */
export function emptySearchPage(): SearchPageState {
  return readSearchPage('');
}

/**
 * The state after choosing another kind (or none): the filters of the old kind do not apply to the new one (the
 * server refuses a cuisine for hotels), so they go, and so does a price sort's meaning across kinds.
 */
export function withKind(state: SearchPageState, kind: SearchKind | null): SearchPageState {
  if (kind === state.kind) return state;
  return {
    ...state,
    kind,
    filters: Object.fromEntries(LIST_FACETS.map((f) => [f, []])) as unknown as Record<ListFacet, string[]>,
  };
}

/** The state without a place: no distance, radius or distance sort. */
export function withoutPlace(state: SearchPageState): SearchPageState {
  return { ...state, near: null, place: '', radiusKm: '', sort: state.sort === 'distance' ? null : state.sort };
}

/** True when anything narrows the results (a filter, a place, an area). */
export function hasFilters(state: SearchPageState): boolean {
  return Boolean(state.kind || state.near || state.bbox || state.rating || LIST_FACETS.some((f) => state.filters[f].length > 0));
}

/** The largest radius the API takes (NEAR_RADIUS_MAX_KM of the contract), a little under for the Earth's two models. */
const AREA_RADIUS_KM = 500;
const AREA_MARGIN_KM = 10;

/**
 * The state after 'Search this area' on the map: the visible area narrows the results. A place chosen before keeps
 * measuring distances when the whole area lies within the largest radius of it (the radius then reaches the area's
 * corners, so the area alone decides); an area farther away drops the place.
 */
export function withArea(state: SearchPageState, area: { south: number; west: number; north: number; east: number }): SearchPageState {
  const bbox = bboxParam(area);
  if (!state.near) return { ...state, bbox };
  const near = state.near;
  const corners = [
    { lat: area.south, lng: area.west },
    { lat: area.south, lng: area.east },
    { lat: area.north, lng: area.west },
    { lat: area.north, lng: area.east },
  ];
  const farthest = Math.max(...corners.map((c) => greatCircleKm(near, c)));
  if (farthest <= AREA_RADIUS_KM - AREA_MARGIN_KM) return { ...state, bbox, radiusKm: String(AREA_RADIUS_KM) };
  return { ...withoutPlace(state), bbox };
}
