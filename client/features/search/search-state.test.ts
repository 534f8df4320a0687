import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from '@domain/search/schemas';
import { apiHref } from '@client/lib/api';
import { readListingLink } from './listing-link';
import { listingHref } from './listing-href';
import { searchPageParams, searchQueryString } from './search-query';
import { apiQueryOf, readSearchPage, searchPageHref, withArea, withKind, withoutPlace } from './search-state';

describe('search query strings', () => {
  it('writes parameters in one order and leaves empty ones out, so equal searches share a cache entry', () => {
    const a = searchQueryString({ sort: 'distance', q: ' piza ', kind: 'restaurant', cuisine: ['Italian', 'Mexican'], near: '43.65,-79.38', bbox: '', rating: undefined });
    const b = searchQueryString({ near: '43.65,-79.38', cuisine: 'Italian,Mexican', kind: 'restaurant', q: 'piza', sort: 'distance' });
    expect(a).toBe(b);
    expect(a).toBe('q=piza&kind=restaurant&near=43.65%2C-79.38&sort=distance&cuisine=Italian%2CMexican');
  });

  it('adds the page size and the cursor per page', () => {
    expect(apiHref('/api/search', searchPageParams('q=piza'))).toBe('/api/search?q=piza&limit=20');
    expect(apiHref('/api/search', searchPageParams('q=piza&kind=restaurant', 'abc'))).toBe('/api/search?q=piza&kind=restaurant&limit=20&cursor=abc');
  });
});

describe('the /search page URL', () => {
  it('round-trips every parameter, and what it asks the API passes the contract', () => {
    const href = '/search?q=piza&kind=restaurant&near=43.65%2C-79.38&radiusKm=50&sort=distance&cuisine=Italian&price=0-10&rating=4&place=Toronto&view=map';
    const state = readSearchPage(href.split('?')[1]!);
    expect(state).toMatchObject({ q: 'piza', kind: 'restaurant', near: { lat: 43.65, lng: -79.38 }, place: 'Toronto', radiusKm: '50', sort: 'distance', rating: '4', view: 'map' });
    expect(state.filters.cuisine).toEqual(['Italian']);
    expect(searchPageHref(state)).toBe(href);
    const parsed = SearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(apiQueryOf(state))));
    expect(parsed.success).toBe(true);
    // The page's own parameters never reach the API.
    expect(apiQueryOf(state)).not.toMatch(/place=|view=/);
  });

  it('ignores what the API would refuse: an unknown kind, distance without a place, price bands without a kind', () => {
    const state = readSearchPage('kind=spaceship&sort=distance&price=0-10&radiusKm=10');
    expect(state.kind).toBeNull();
    expect(state.sort).toBeNull();
    expect(state.radiusKm).toBe('');
    expect(apiQueryOf(state)).toBe('');
    expect(SearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(apiQueryOf(state)))).success).toBe(true);
  });

  it('choosing another kind drops the old kind\'s filters; dropping the place drops the distance sort and radius', () => {
    const state = readSearchPage('q=piza&kind=restaurant&cuisine=Italian&price=0-10&near=43.65,-79.38&sort=distance&radiusKm=10');
    const hotels = withKind(state, 'hotel');
    expect(hotels.filters.cuisine).toEqual([]);
    expect(hotels.filters.price).toEqual([]);
    expect(SearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(apiQueryOf(hotels)))).success).toBe(true);
    const nowhere = withoutPlace(state);
    expect(apiQueryOf(nowhere)).toBe('q=piza&kind=restaurant&cuisine=Italian&price=0-10');
  });

  it('a map area near the place keeps measuring from it (with the widest radius); a far one drops the place', () => {
    const state = readSearchPage('q=piza&near=43.6532,-79.3832&place=Toronto&sort=distance');
    const near = withArea(state, { south: 43.6, west: -79.5, north: 43.7, east: -79.3 });
    expect(near.bbox).toBe('43.6,-79.5,43.7,-79.3');
    expect(near.radiusKm).toBe('500');
    expect(near.sort).toBe('distance');
    const far = withArea(state, { south: 48.8, west: 2.2, north: 48.9, east: 2.4 });
    expect(far.near).toBeNull();
    expect(far.sort).toBeNull();
    expect(SearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(apiQueryOf(far)))).success).toBe(true);
  });
});

describe('links to a listing', () => {
  it('opens a restaurant in the food section and reads back its id and name', () => {
    const href = listingHref({ kind: 'restaurant', id: 4, name: 'Via Roma Pizzeria' });
    expect(href).toBe('/?restaurant=4&name=Via+Roma+Pizzeria#food-delivery');
    const search = href.slice(1, href.indexOf('#'));
    expect(readListingLink(search, 'restaurant')).toEqual({ id: 4, name: 'Via Roma Pizzeria' });
    expect(readListingLink(search, 'hotel')).toBeNull();
  });

  it('general services and cars land in their sections; flights, whose section is a search form, in the section', () => {
    expect(listingHref({ kind: 'general-service', id: 7, name: 'Plumbing' })).toBe('/?service=7&name=Plumbing#general');
    expect(listingHref({ kind: 'car', id: 2, name: 'Civic' })).toBe('/?car=2&name=Civic#car-rental');
    expect(listingHref({ kind: 'flight', id: 3, name: 'AC 101' })).toBe('/#flights');
    expect(readListingLink('?restaurant=abc', 'restaurant')).toBeNull();
    expect(readListingLink('?restaurant=0', 'restaurant')).toBeNull();
  });
});
