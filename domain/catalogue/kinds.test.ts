import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../bookings/schemas';
import { ADMIN_COLLECTIONS, AdminEditSchemas } from '../admin/schemas';
import { CHAT_SERVICE_TYPES } from '../chat/schemas';
import { LISTING_COLLECTIONS, LISTING_KIND_KEYS, LISTING_KIND_LIST, kindOfCollection, kindOfServiceType } from './kinds';

describe('listing-kind registry', () => {
  it('names every booking serviceType and every editable admin collection exactly once', () => {
    expect(LISTING_KIND_LIST.map((k) => k.serviceType).sort()).toEqual([...SERVICE_TYPES].sort());
    expect(LISTING_KIND_LIST.map((k) => k.collection).sort()).toEqual([...LISTING_COLLECTIONS].sort());
    expect(Object.keys(AdminEditSchemas).sort()).toEqual([...LISTING_COLLECTIONS].sort());
    for (const c of LISTING_COLLECTIONS) expect(ADMIN_COLLECTIONS).toContain(c);
    expect(new Set(LISTING_KIND_LIST.map((k) => k.section)).size).toBe(LISTING_KIND_KEYS.length);
    expect(new Set(LISTING_KIND_LIST.map((k) => k.adminTab)).size).toBe(LISTING_KIND_KEYS.length);
  });

  it('translates between vocabularies', () => {
    expect(kindOfServiceType('food-delivery')?.collection).toBe('restaurants');
    expect(kindOfServiceType('taxi')?.collection).toBe('taxi-rides');
    expect(kindOfServiceType('services')?.collection).toBe('additional-services');
    expect(kindOfCollection('cars')?.section).toBe('car-rental');
    expect(kindOfCollection('general-services')?.lineType).toBe('service');
    expect(kindOfCollection('users')).toBeUndefined();
    expect(kindOfServiceType('nope')).toBeUndefined();
  });

  it('offers chat for exactly the chat service types', () => {
    expect(LISTING_KIND_LIST.filter((k) => k.chat).map((k) => k.serviceType).sort()).toEqual([...CHAT_SERVICE_TYPES].sort());
  });
});
