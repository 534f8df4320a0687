import { describe, expect, it } from 'vitest';
import { addCartItem, bookedSummary, cartItemCount, cartLineUnit, cartItemId, cartTotal, parseStoredCart, removeCartItem, updateCartQuantity, type CartItem, type NewCartItem } from './cart-logic';

const pizza: NewCartItem = { serviceType: 'food-delivery', serviceId: 7, name: 'Margherita', price: 12.5, details: { restaurantId: 1 } };
const car: NewCartItem = { serviceType: 'cars', serviceId: 3, name: 'Toyota Corolla', price: 49.99 };

describe('cart logic (spec 000 section 4)', () => {
  it('builds the line id from serviceType, serviceId and the timestamp joined by hyphens', () => {
    expect(cartItemId('food-delivery', 7, 1700000000000)).toBe('food-delivery-7-1700000000000');
    const [line] = addCartItem([], pizza, 1700000000000);
    expect(line.id).toBe('food-delivery-7-1700000000000');
    expect(line.quantity).toBe(1);
  });

  it('increments the quantity when the same serviceType+serviceId is added again', () => {
    let items = addCartItem([], pizza, 1);
    items = addCartItem(items, pizza, 2);
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
    expect(items[0].id).toBe('food-delivery-7-1');
  });

  it('adds a new line for a different pair, even with the same serviceId', () => {
    let items = addCartItem([], pizza, 1);
    items = addCartItem(items, { ...car, serviceId: 7 }, 2);
    expect(items).toHaveLength(2);
  });

  it('removes a line when its quantity is set to 0 or below', () => {
    const items = addCartItem(addCartItem([], pizza, 1), car, 2);
    expect(updateCartQuantity(items, items[0].id, 0).map((i) => i.name)).toEqual(['Toyota Corolla']);
    expect(updateCartQuantity(items, items[1].id, -3).map((i) => i.name)).toEqual(['Margherita']);
    expect(updateCartQuantity(items, items[1].id, 4)[1].quantity).toBe(4);
  });

  it('removes a line and clears by id', () => {
    const items = addCartItem(addCartItem([], pizza, 1), car, 2);
    expect(removeCartItem(items, items[0].id)).toHaveLength(1);
  });

  it('totals price x quantity to the cent', () => {
    let items: CartItem[] = addCartItem([], { ...pizza, price: 0.1 }, 1);
    items = updateCartQuantity(items, items[0].id, 3);
    items = addCartItem(items, { ...car, price: 0.2 }, 2);
    expect(cartTotal(items)).toBe(0.5);
    expect(cartItemCount(items)).toBe(4);
    expect(cartTotal([])).toBe(0);
  });

  it('reads stored carts defensively', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{"items":[{"id":"x"},null,5]}')).toEqual([]);
    const stored = JSON.stringify({ items: addCartItem([], pizza, 9) });
    expect(parseStoredCart(stored)[0]).toMatchObject({ id: 'food-delivery-7-9', quantity: 1, price: 12.5 });
  });
});

describe('bookedSummary (the success toast of a mixed cart names what was booked)', () => {
  const lines = [
    { serviceType: 'hotels', name: 'Harbour View Hotel', quantity: 1 },
    { serviceType: 'cars', name: 'Toyota Corolla (City Wheels)', quantity: 1 },
    { serviceType: 'food-delivery', name: 'Pho Bo (Pho Portal)', quantity: 2 },
  ] as const;
  it('names every line, with quantities', () => {
    expect(bookedSummary(lines)).toBe('Harbour View Hotel, Toyota Corolla (City Wheels) and 2 × Pho Bo (Pho Portal)');
  });
  it('leaves out the food the order toast already names', () => {
    expect(bookedSummary(lines, 'food-delivery')).toBe('Harbour View Hotel and Toyota Corolla (City Wheels)');
    expect(bookedSummary([lines[2]], 'food-delivery')).toBe('');
  });
});

describe('cartLineUnit', () => {
  it('says what a price is for: the whole stay, rental or lease, or each', () => {
    expect(cartLineUnit({ serviceType: 'hotels', price: 478, details: { checkIn: '2027-03-04', checkOut: '2027-03-06', rooms: 1 } })).toBe('$478.00 · 2 nights');
    expect(cartLineUnit({ serviceType: 'hotels', price: 956, details: { checkIn: '2027-03-04', checkOut: '2027-03-05', rooms: 2 } })).toBe('$956.00 · 1 night · 2 rooms');
    expect(cartLineUnit({ serviceType: 'cars', price: 240, details: { pickupDate: '2027-03-04', returnDate: '2027-03-06' } })).toBe('$240.00 · 2 days');
    expect(cartLineUnit({ serviceType: 'properties', price: 7200, details: { moveIn: '2027-03-04', months: 3 } })).toBe('$7,200.00 · 3 months');
    expect(cartLineUnit({ serviceType: 'food-delivery', price: 13.25, details: { restaurantId: 1 } })).toBe('$13.25 each');
    // Dates it cannot read: the plain wording.
    expect(cartLineUnit({ serviceType: 'hotels', price: 478, details: {} })).toBe('$478.00 each');
  });
});
