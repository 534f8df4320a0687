import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CACHE,
  IMAGE_CACHE,
  TILE_CACHE,
  isCatalogueRequest,
  isImageRequest,
  isMapTile,
  isNeverCached,
  isStorableResponse,
  obsoleteCacheNames,
  NAVIGATION_DENYLIST,
} from './cache-rules';

const ORIGIN = 'https://golive.example';
const req = (path: string, method = 'GET', destination = '') => ({ url: new URL(path, ORIGIN), method, destination, origin: ORIGIN });

describe('service worker cache rules', () => {
  it('treats public catalogue lists (with filters) and menus as catalogue reads', () => {
    for (const path of ['/api/restaurants', '/api/restaurants?q=pizza&cuisine=Italian', '/api/restaurants/12/menu', '/api/hotels?guests=2', '/api/general-services', '/api/config', '/api/search?q=piza&kind=restaurant&limit=20']) {
      expect(isCatalogueRequest(req(path)), path).toBe(true);
    }
  });

  it('never treats signed-in or state-changing calls as catalogue reads', () => {
    for (const path of ['/api/bookings', '/api/auth/me', '/api/account/preferences', '/api/chat/conversations', '/api/admin/restaurants', '/api/driver/orders']) {
      expect(isCatalogueRequest(req(path)), path).toBe(false);
      expect(isNeverCached(new URL(path, ORIGIN), ORIGIN), path).toBe(true);
    }
    expect(isCatalogueRequest(req('/api/restaurants', 'POST'))).toBe(false);
    expect(isCatalogueRequest({ ...req('/api/restaurants'), url: new URL('/api/restaurants', 'https://evil.example') })).toBe(false);
  });

  it('never caches sockets and keeps /api and /ws out of the navigation fallback', () => {
    expect(isNeverCached(new URL('/ws/tracking/5', ORIGIN), ORIGIN)).toBe(true);
    for (const path of ['/api', '/api/bookings', '/ws', '/ws/chat']) expect(NAVIGATION_DENYLIST.some((re) => re.test(path)), path).toBe(true);
    for (const path of ['/', '/bookings', '/track/GL-1', '/apiary', '/wsop']) expect(NAVIGATION_DENYLIST.some((re) => re.test(path)), path).toBe(false);
  });

  it('caches pictures: placeholders, photos and tiles, but not other API answers fetched as images', () => {
    expect(isImageRequest(req('/api/placeholder/400/300?text=Hotel', 'GET', 'image'))).toBe(true);
    expect(isImageRequest({ ...req('/x'), url: new URL('https://tile.openstreetmap.org/14/4823/6160.png'), destination: 'image' })).toBe(true);
    expect(isImageRequest(req('/api/admin/export.csv', 'GET', 'image'))).toBe(false);
    expect(isImageRequest(req('/api/placeholder/400/300', 'GET', ''))).toBe(false);
    expect(isMapTile(new URL('https://a.tile.example/14/4823/6160@2x.png'), ORIGIN)).toBe(true);
    expect(isMapTile(new URL('/api/placeholder/1/2', ORIGIN), ORIGIN)).toBe(false);
  });

  it('stores only plain 200s not marked private or no-store', () => {
    expect(isStorableResponse(200, 'public, max-age=60')).toBe(true);
    expect(isStorableResponse(200, null)).toBe(true);
    expect(isStorableResponse(200, 'no-store')).toBe(false);
    expect(isStorableResponse(200, 'private, max-age=0')).toBe(false);
    expect(isStorableResponse(304, null)).toBe(false);
    expect(isStorableResponse(500, null)).toBe(false);
  });

  it('deletes caches of versions 4, 5 and 6 and nothing else', () => {
    const names = ['golive-v4', 'go-live-cache-v5', 'app_v6_static', 'GoLive-V6', 'golive-v7', 'golive-v46', 'dev4-cache', 'workbox-precache-v2-https://golive.example/', CATALOGUE_CACHE, IMAGE_CACHE, TILE_CACHE];
    expect(obsoleteCacheNames(names)).toEqual(['golive-v4', 'go-live-cache-v5', 'app_v6_static', 'GoLive-V6']);
  });
});
