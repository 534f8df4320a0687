import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api';
import { checkoutErrorText, formatCardNumberInput, formatExpiryInput, lineDetailsSummary, parseExpiry } from './payment-format';

describe('lineDetailsSummary', () => {
  it('explains a hotel stay as nights x nightly price', () => {
    expect(lineDetailsSummary({ serviceType: 'hotels', unitPrice: 387, details: { checkIn: '2030-01-01', checkOut: '2030-01-04', rooms: 1 } })).toBe(
      '3 nights x $129.00',
    );
  });
  it('mentions rooms when more than one', () => {
    expect(lineDetailsSummary({ serviceType: 'hotels', unitPrice: 200, details: { checkIn: '2030-01-01', checkOut: '2030-01-02', rooms: 2 } })).toBe(
      '1 night x $100.00 x 2 rooms',
    );
  });
  it('explains a lease as months x monthly rent', () => {
    expect(lineDetailsSummary({ serviceType: 'properties', unitPrice: 3600, details: { months: 3, moveIn: '2030-01-01' } })).toBe('3 months x $1,200.00');
  });
  it('says where food goes and where a parcel travels', () => {
    expect(lineDetailsSummary({ serviceType: 'food-delivery', unitPrice: 10, details: { restaurantId: 1, destination: { lat: 1, lng: 2, address: 'Union Station' } } })).toBe(
      'Deliver to Union Station',
    );
    expect(lineDetailsSummary({ serviceType: 'food-delivery', unitPrice: 10, details: { restaurantId: 1, address: '12 King St W' } })).toBe('Deliver to 12 King St W');
    const parcel = { weight: 5, speed: 'express', from: { lat: 1, lng: 2, address: 'CN Tower' }, to: { lat: 1, lng: 2, address: 'ROM' } };
    expect(lineDetailsSummary({ serviceType: 'shipping', unitPrice: 20, details: parcel })).toBe('5 lbs, express, CN Tower → ROM');
  });
  it('is empty when details are missing', () => {
    expect(lineDetailsSummary({ serviceType: 'hotels', unitPrice: 10, details: {} })).toBe('');
    expect(lineDetailsSummary({ serviceType: 'food-delivery', unitPrice: 10, details: { restaurantId: 1 } })).toBe('');
  });
});

describe('card input formatting', () => {
  it('groups card digits in fours and drops other characters', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242-42a')).toBe('4242 42');
  });
  it('adds the expiry slash as the user types', () => {
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('1226')).toBe('12/26');
    expect(formatExpiryInput('12', '12/')).toBe('1');
  });
  it('parses MM/YY and MM/YYYY, rejects anything else', () => {
    expect(parseExpiry('12/26')).toEqual({ expMonth: 12, expYear: 2026 });
    expect(parseExpiry('3/2031')).toEqual({ expMonth: 3, expYear: 2031 });
    expect(parseExpiry('1226')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});

describe('checkoutErrorText', () => {
  const items = [{ name: 'Nissan Versa (Budget)' }, { name: 'Travel Insurance' }];
  it('names the booking line a field error is about, without raw field paths or repeats', () => {
    const body = JSON.stringify({
      message: 'Pickup date cannot be in the past',
      errors: { 'items.0.details.pickupDate': 'Pickup date cannot be in the past' },
    });
    expect(checkoutErrorText(new ApiError(400, 'Bad Request', body), 'Failed', items)).toBe('Nissan Versa (Budget): Pickup date cannot be in the past');
  });
  it('names no line when the booking has only one', () => {
    const body = JSON.stringify({ message: 'Closed now, opens at 11:00', errors: { 'items.0.details.restaurantId': 'Closed now, opens at 11:00' } });
    expect(checkoutErrorText(new ApiError(409, 'Conflict', body), 'Failed', [{ name: 'Pho Bo (Pho Place)' }])).toBe('Closed now, opens at 11:00');
  });
  it('falls back to the message, then to the fallback text', () => {
    expect(checkoutErrorText(new ApiError(500, 'Internal Server Error', '{"message":"Internal Server Error"}'), 'Failed', items)).toBe('Internal Server Error');
    expect(checkoutErrorText(new ApiError(502, 'Bad Gateway', '<html>'), 'Payment could not be set up.')).toBe('Payment could not be set up.');
    expect(checkoutErrorText(new TypeError('Failed to fetch'), 'Failed')).toBe('Unable to reach the server. Check your connection and try again.');
  });
});
