import { useQuery } from '@tanstack/react-query';
import type { Place } from '@domain/bookings/schemas';
import type { Restaurant } from '@domain/catalogue/types';
import { deliversWithinText } from '@domain/orders/reach';
import { formatMoney } from '@domain/format';
import { apiQuery } from '@client/lib/api';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Skeleton } from '@client/ui/skeleton';
import { AddToCartButton } from '@client/features/cart/add-to-cart-button';
import { ListingReviews } from '@client/features/reviews/listing-reviews';
import { ClosedWarning, OpeningStatus } from '@client/features/availability/opening-status';
import { EmptyState, ErrorState } from '../components/states';

/**
 * A restaurant's menu with its reviews: the food section loads this module when a menu is first opened (or the
 * pointer reaches a button that opens one), so none of it is part of the home page's first load.
 */

/** Where the food goes, as the section's delivery box holds it. */
export type Delivery = { address?: string; destination?: Place };

function foodDetails(restaurant: Restaurant, delivery: Delivery): Record<string, unknown> {
  const details: Record<string, unknown> = { restaurantId: restaurant.id };
  if (delivery.address) details.address = delivery.address;
  if (delivery.destination) details.destination = delivery.destination;
  return details;
}

export function MenuDialog({
  restaurant,
  delivery,
  open,
  onOpenChange,
}: {
  restaurant: Restaurant;
  delivery: Delivery;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const menu = useQuery({ ...apiQuery('/api/restaurants/{id}/menu', { path: { id: restaurant.id } }), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{restaurant.name} menu</DialogTitle>
          <DialogDescription>
            {restaurant.cuisine} · {restaurant.deliveryTime} · {formatMoney(restaurant.deliveryFee)} delivery · {deliversWithinText(restaurant.deliveryRadiusKm)}
          </DialogDescription>
        </DialogHeader>
        <OpeningStatus hours={restaurant.hours} />
        <ClosedWarning hours={restaurant.hours} />
        {menu.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading menu…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : menu.isError ? (
          <ErrorState title="Could not load the menu" error={menu.error} onRetry={() => void menu.refetch()} />
        ) : menu.data.length === 0 ? (
          <EmptyState>This restaurant has no menu items yet.</EmptyState>
        ) : (
          <ul aria-label={`${restaurant.name} menu`} className="grid gap-3">
            {menu.data.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">{item.name}</p>
                  <p className="text-sm text-gray-600">{item.description}</p>
                  <p className="mt-1 text-sm font-semibold text-gray-900">{formatMoney(item.price)}</p>
                </div>
                <AddToCartButton
                  size="sm"
                  item={{
                    serviceType: 'food-delivery',
                    serviceId: item.id,
                    name: `${item.name} (${restaurant.name})`,
                    price: item.price,
                    description: item.description,
                    image: restaurant.image,
                    details: foodDetails(restaurant, delivery),
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {open ? <ListingReviews serviceType="food-delivery" serviceId={restaurant.id} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
