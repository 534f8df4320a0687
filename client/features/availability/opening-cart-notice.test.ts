import { describe, expect, it } from 'vitest';
import { cartRestaurants } from './opening-cart-notice';

describe('cartRestaurants', () => {
  it('lists each restaurant of the food lines once, named from the line names', () => {
    expect(
      cartRestaurants([
        { serviceType: 'food-delivery', name: 'Pho Bo (Pho Corner)', details: { restaurantId: 4 } },
        { serviceType: 'food-delivery', name: 'Banh Mi (Pho Corner)', details: { restaurantId: 4 } },
        { serviceType: 'cars', name: 'Civic', details: {} },
        { serviceType: 'food-delivery', name: 'Margherita', details: { restaurantId: 9 } },
        { serviceType: 'food-delivery', name: 'Old line' },
      ]),
    ).toEqual([
      { id: 4, name: 'Pho Corner' },
      { id: 9, name: 'This restaurant' },
    ]);
  });
});
