import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminEditSchemas, ADMIN_COLLECTIONS } from '@domain/admin/schemas';
import { ADMIN_REPORTS } from '@domain/admin/orders';
import {
  ADMIN_TABS,
  LISTING_TABS,
  STAT_CARDS,
  exportCollection,
  initialAdminTab,
  isListingTab,
  MESSAGES_TAB,
  ORDERS_TAB,
  PROVIDERS_TAB,
  REVIEW_TAB,
  USERS_TAB,
  registrationDetails,
} from './admin-listings';

describe('admin listing tabs', () => {
  it('edit only fields the domain edit schema accepts', () => {
    for (const tab of LISTING_TABS) {
      const shape = (AdminEditSchemas[tab.collection] as unknown as z.ZodObject).shape;
      for (const field of tab.editFields) expect(Object.keys(shape), `${tab.id}.${field.name}`).toContain(field.name);
    }
  });

  it('every tab exports an admin collection or report and every summary card opens an existing tab', () => {
    const tabs = new Set([...LISTING_TABS.map((t) => t.id), REVIEW_TAB, MESSAGES_TAB, PROVIDERS_TAB, ORDERS_TAB, USERS_TAB]);
    for (const tab of tabs) expect([...ADMIN_COLLECTIONS, ...Object.keys(ADMIN_REPORTS)]).toContain(exportCollection(tab));
    for (const card of STAT_CARDS) expect(ADMIN_TABS, card.key).toContain(card.tab);
    expect(exportCollection(REVIEW_TAB)).toBe('registrations');
    expect(exportCollection(PROVIDERS_TAB)).toBe('service-providers');
    expect(exportCollection('hotels')).toBe('hotels');
    expect(exportCollection(ORDERS_TAB)).toBe('bookings');
    expect(exportCollection(USERS_TAB)).toBe('users');
  });

  it('labels say what they count: registrations to review, ride types; orders, users and revenue come first', () => {
    const label = (key: string) => STAT_CARDS.find((c) => c.key === key)?.label;
    expect(label('pendingRegistrations')).toBe('Registrations to review');
    expect(label('taxiRides')).toBe('Ride types');
    expect(STAT_CARDS.slice(0, 4).map((c) => c.key)).toEqual(['orders', 'revenue', 'refunded', 'users']);
    expect(STAT_CARDS.find((c) => c.key === 'revenue')?.format).toBe('money');
    expect(LISTING_TABS.find((t) => t.collection === 'taxi-rides')?.label).toBe('Ride types');
    expect(STAT_CARDS.map((c) => c.label).join(' ')).not.toMatch(/Pending reviews|Taxi rides/);
  });

  it('opens Orders by default, a named tab when linked, the first listing tab for the catalogue', () => {
    expect(initialAdminTab(null)).toBe(ORDERS_TAB);
    expect(initialAdminTab('mail')).toBe('mail');
    expect(initialAdminTab('users')).toBe(USERS_TAB);
    expect(initialAdminTab('catalogue')).toBe(LISTING_TABS[0].id);
    expect(initialAdminTab('hotels')).toBe('hotels');
    expect(initialAdminTab('nope')).toBe(ORDERS_TAB);
    expect(isListingTab('hotels')).toBe(true);
    expect(isListingTab(ORDERS_TAB)).toBe(false);
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
