import { useQueries } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useMinuteClock } from './opening-clock';
import { openingView } from './opening-logic';
import { availabilityQuery } from './use-day-availability';

type FoodLine = { serviceType: string; name: string; details?: Record<string, unknown> };

/** The restaurants of the cart's food lines, once each: id and name (line names read 'Dish (Restaurant)'). */
export function cartRestaurants(items: readonly FoodLine[]): Array<{ id: number; name: string }> {
  const seen = new Map<number, string>();
  for (const item of items) {
    if (item.serviceType !== 'food-delivery') continue;
    const id = item.details?.restaurantId;
    if (typeof id !== 'number' || seen.has(id)) continue;
    seen.set(id, /\(([^()]+)\)\s*$/.exec(item.name)?.[1] ?? 'This restaurant');
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * Before checkout: which restaurants in the cart are closed now ('Luigi's: Closed now — orders open at 11:00'). The
 * hours come fresh from GET /api/availability/restaurants/{id} each time the cart opens; the server still has the last
 * word at checkout (409 'Closed now, opens at 11:00').
 */
export function OpeningCartNotice({ items }: { items: readonly FoodLine[] }) {
  const restaurants = cartRestaurants(items);
  const now = useMinuteClock();
  // A restaurant's opening needs no days: the route asks for none.
  const openings = useQueries({ queries: restaurants.map((r) => ({ ...availabilityQuery('restaurants', r.id), staleTime: 0 })) });
  if (!now) return null;
  const closed = restaurants.flatMap((r, i) => {
    const opening = openings[i]?.data;
    const view = opening ? openingView(opening.hours, now) : null;
    return view?.warning ? [`${r.name}: ${view.warning}`] : [];
  });
  if (closed.length === 0) return null;
  return (
    <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="cart-closed-notice">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <ul className="grid gap-1">
        {closed.map((text) => (
          <li key={text} className="font-medium">
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
