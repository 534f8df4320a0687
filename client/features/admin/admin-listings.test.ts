import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminEditSchemas, ADMIN_COLLECTIONS } from '@domain/admin/schemas';
import { LISTING_TABS, STAT_CARDS, exportCollection, MESSAGES_TAB, PROVIDERS_TAB, REVIEW_TAB, registrationDetails } from './admin-listings';

describe('admin listing tabs', () => {
  it('edit only fields the domain edit schema accepts', () => {
    for (const tab of LISTING_TABS) {
      const shape = (AdminEditSchemas[tab.collection] as unknown as z.ZodObject).shape;
      for (const field of tab.editFields) expect(Object.keys(shape), `${tab.id}.${field.name}`).toContain(field.name);
    }
  });

  it('every tab exports an admin collection and every summary card opens an existing tab', () => {
    const tabs = new Set([...LISTING_TABS.map((t) => t.id), REVIEW_TAB, MESSAGES_TAB, PROVIDERS_TAB]);
    for (const tab of tabs) expect(ADMIN_COLLECTIONS).toContain(exportCollection(tab));
    for (const card of STAT_CARDS) expect(tabs.has(card.tab), card.key).toBe(true);
    expect(exportCollection(REVIEW_TAB)).toBe('registrations');
    expect(exportCollection(PROVIDERS_TAB)).toBe('service-providers');
    expect(exportCollection('hotels')).toBe('hotels');
  });

  it('shows a registration in its form order with the form labels, keeping unknown keys', () => {
    // Keys as PostgreSQL jsonb returns them: shortest first.
    const stored = { city: 'Toronto', email: 'a@example.com', lastName: 'Smith', firstName: 'Anna', legacy: 'x' };
    const { record, labels } = registrationDetails('driver-application', stored);
    expect(Object.keys(record)).toEqual(['firstName', 'lastName', 'email', 'city', 'legacy']);
    expect(labels.firstName).toBe('First Name');
    expect(labels.legacy).toBeUndefined();
  });
});
