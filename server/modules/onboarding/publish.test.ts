import { describe, expect, it } from 'vitest';
import { GeneralServiceRegistrationSchema, PropertyRegistrationSchema, RestaurantRegistrationSchema } from '../../../domain/onboarding';
import { VALID_SAMPLES } from '../../../domain/onboarding/test-samples';
import {
  cataloguePropertyType,
  deliveryTimeText,
  firstAmountCents,
  firstInteger,
  generalServiceValues,
  propertyValues,
  restaurantValues,
  shippingSpeed,
} from './publish';

describe('publish mappings', () => {
  it.each([
    ['2.99', 299],
    ['$2.99', 299],
    ['CA$ 3', 300],
    ['2,50', 250],
    ['$1,200 - $2,000', 120000],
    ['free', null],
  ])('firstAmountCents(%j) = %j', (text, cents) => {
    expect(firstAmountCents(text)).toBe(cents);
  });

  it.each([
    ['30', '30 min'],
    ['25-35', '25-35 min'],
    ['30 minutes', '30 minutes'],
  ])('deliveryTimeText(%j) = %j', (text, expected) => {
    expect(deliveryTimeText(text)).toBe(expected);
  });

  it('parses integers with fallbacks', () => {
    expect(firstInteger('2 bedrooms', 0)).toBe(2);
    expect(firstInteger('', 1)).toBe(1);
    expect(firstInteger(undefined, 0)).toBe(0);
  });

  it('maps property types and shipping speeds', () => {
    expect(cataloguePropertyType('Villa')).toBe('House');
    expect(cataloguePropertyType('Loft')).toBe('Apartment');
    expect(cataloguePropertyType('Condo')).toBe('Condo');
    expect(cataloguePropertyType('Room')).toBe('Room');
    expect(shippingSpeed('Same-Day Delivery')).toBe('overnight');
    expect(shippingSpeed('Express Courier')).toBe('express');
    expect(shippingSpeed('Freight Transport')).toBe('standard');
  });

  it('maps a restaurant with a fallback fee of 0', () => {
    const d = RestaurantRegistrationSchema.parse({ ...VALID_SAMPLES.restaurant, deliveryFee: 'free' });
    expect(restaurantValues(d, 7, 3)).toMatchObject({
      deliveryFeeCents: 0,
      deliveryTime: '30 min',
      address: '123 King Street West, Toronto, Canada',
      image: '/api/placeholder/400/300?kind=restaurant&subject=Italian',
      ownerId: 3,
    });
    // Its opening hours as registered ('Mon-Sun 11:00-22:00'), in Toronto's time zone.
    expect(restaurantValues(d, 7, 3).openingHours).toEqual({ timeZone: 'America/Toronto', week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '22:00' })) });
    expect(restaurantValues({ ...d, openingHours: 'whenever we feel like it' }, 7, 3).openingHours).toBeNull();
  });

  it('delivers within the radius the registration names, or the default when it names none', () => {
    const d = RestaurantRegistrationSchema.parse(VALID_SAMPLES.restaurant);
    expect(restaurantValues(d, 7, 3).deliveryRadiusKm).toBe('5.0');
    expect(restaurantValues({ ...d, deliveryRadius: '3 miles' }, 7, 3).deliveryRadiusKm).toBe('4.8');
    expect(restaurantValues({ ...d, deliveryRadius: 'the whole city' }, 7, 3).deliveryRadiusKm).toBe('10.0');
  });

  it('publishes a place at its registration\'s map pin', () => {
    const d = RestaurantRegistrationSchema.parse(VALID_SAMPLES.restaurant);
    expect(restaurantValues(d, 7, 3)).toMatchObject({ lat: '43.645500', lng: '-79.391000' });
    const p = PropertyRegistrationSchema.parse(VALID_SAMPLES.property);
    expect(propertyValues(p, 1, null)).toMatchObject({ lat: '43.651000', lng: '-79.381000' });
  });

  it('books a general service by appointment when its duration is one appointment and its hours can be read', () => {
    const d = GeneralServiceRegistrationSchema.parse(VALID_SAMPLES['general-service']);
    expect(generalServiceValues(d, 1)).not.toHaveProperty('appointmentMinutes');
    const tutor = generalServiceValues({ ...d, duration: '1 hour sessions', availability: 'Mon-Fri 3:30 PM - 9:00 PM' }, 1);
    expect(tutor.appointmentMinutes).toBe(60);
    expect(tutor.workingHours?.week).toHaveLength(5);
  });

  it('prices a property with the monthly rent it registered, never a derived one', () => {
    const d = PropertyRegistrationSchema.parse({ ...VALID_SAMPLES.property, pricePerNight: '$95.50', monthlyRent: '$1,850'.replace(',', ''), propertySize: '850 sqft' });
    expect(propertyValues(d, 1, null)).toMatchObject({ pricePerMonthCents: 185000, sqft: 850, bedrooms: 2 });
  });
});
