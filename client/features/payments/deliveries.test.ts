import { describe, expect, it } from 'vitest';
import type { Delivery } from '@domain/bookings/schemas';
import { deliveryTrackPath, foodOrderNames, hasDeliverableLines, opensTrackingDialog, parseDeliveries } from './deliveries';

const sushi: Delivery = { trackingId: 'trk_1', trackingNumber: 'GL-2026-000001', kind: 'food', name: 'Sakura Sushi House', status: 'pending', step: 'ready', stepLabel: 'Ready for pickup' };
const pasta: Delivery = { trackingId: 'trk_2', trackingNumber: 'GL-2026-000002', kind: 'food', name: 'Nonna Lucia Trattoria', status: 'active', step: 'picked_up', stepLabel: 'Picked up' };
const parcel: Delivery = { trackingId: 'trk_3', trackingNumber: 'GL-2026-000003', kind: 'shipping', name: 'Express Parcel', status: 'pending', step: 'booked', stepLabel: 'Shipment booked' };

describe('parseDeliveries', () => {
  it('keeps well-formed deliveries', () => {
    expect(parseDeliveries([sushi, parcel])).toEqual([sushi, parcel]);
  });
  it('drops entries without a tracking id or with an unknown kind, and fills safe defaults', () => {
    expect(parseDeliveries(undefined)).toEqual([]);
    expect(parseDeliveries('trk_1')).toEqual([]);
    expect(parseDeliveries([{ kind: 'food' }, { trackingId: 'trk_9', kind: 'boat' }, null])).toEqual([]);
    expect(parseDeliveries([{ trackingId: 'trk_4', kind: 'taxi', status: 'weird' }])).toEqual([
      { trackingId: 'trk_4', trackingNumber: 'trk_4', kind: 'taxi', name: 'Taxi ride', status: 'pending', step: 'requested', stepLabel: 'Ride requested' },
    ]);
  });
  it("keeps the server's journey step, and reads a copy kept without one from its status", () => {
    expect(parseDeliveries([{ ...sushi, step: 'nonsense', stepLabel: 'Whatever' }])[0]).toMatchObject({ step: 'received', stepLabel: 'Order received' });
    expect(parseDeliveries([{ ...parcel, status: 'completed', step: undefined, stepLabel: undefined }])[0]).toMatchObject({ step: 'delivered', stepLabel: 'Delivered' });
    expect(parseDeliveries([{ ...pasta, stepLabel: '' }])[0]).toMatchObject({ step: 'picked_up', stepLabel: 'Picked up' });
  });
});

describe('delivery helpers', () => {
  it('opens the tracking dialog only for a single food delivery', () => {
    expect(opensTrackingDialog([sushi])).toBe(true);
    expect(opensTrackingDialog([sushi, pasta])).toBe(false);
    expect(opensTrackingDialog([parcel])).toBe(false);
    expect(opensTrackingDialog([])).toBe(false);
  });
  it('names the restaurants of an order', () => {
    expect(foodOrderNames([sushi])).toBe('Sakura Sushi House');
    expect(foodOrderNames([sushi, parcel, pasta])).toBe('Sakura Sushi House and Nonna Lucia Trattoria');
    expect(foodOrderNames([parcel])).toBeNull();
  });
  it('links to the tracking page and knows which lines are delivered', () => {
    expect(deliveryTrackPath({ trackingId: 'trk_a/b' })).toBe('/track/trk_a%2Fb');
    expect(hasDeliverableLines({ items: [{ serviceType: 'hotels' }, { serviceType: 'shipping' }] as never })).toBe(true);
    expect(hasDeliverableLines({ items: [{ serviceType: 'hotels' }] as never })).toBe(false);
  });
});
