import { describe, expect, it } from 'vitest';
import { MAIL_TAB, ORDERS_TAB, initialAdminTab } from './admin-listings';

describe('admin tab links', () => {
  it('opens the tab a /admin?tab= link names, and the first tab (Orders) for anything else', () => {
    expect(initialAdminTab(MAIL_TAB)).toBe('mail');
    expect(initialAdminTab('deliveries')).toBe('deliveries');
    expect(initialAdminTab('hotels')).toBe('hotels');
    for (const other of [null, '', 'Mail', 'nonsense']) expect(initialAdminTab(other)).toBe(ORDERS_TAB);
  });
});
