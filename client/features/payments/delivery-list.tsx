import { Link } from 'react-router';
import { CarTaxiFront, Package, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import type { Delivery } from '@domain/bookings/schemas';
import { buttonVariants } from '@client/ui/button';
import { DELIVERY_KIND_LABEL, deliveryTrackPath } from './deliveries';

const KIND_ICON: Record<Delivery['kind'], LucideIcon> = { food: UtensilsCrossed, taxi: CarTaxiFront, shipping: Package };

/**
 * Every delivery of a paid booking with its tracking number and a Track link, so an order from two restaurants
 * plus a parcel shows three things to follow instead of one.
 */
export function DeliveryList({ deliveries, onNavigate }: { deliveries: readonly Delivery[]; onNavigate?: () => void }) {
  return (
    <ul aria-label="Deliveries" className="grid w-full gap-2 text-left">
      {deliveries.map((d) => {
        const Icon = KIND_ICON[d.kind];
        return (
          <li key={d.trackingId} className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex min-w-0 items-start gap-2">
              <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">{d.name}</p>
                <p className="text-xs text-gray-600">{DELIVERY_KIND_LABEL[d.kind]}</p>
                <p className="text-xs text-gray-600">
                  Tracking number{' '}
                  <span className="font-mono break-all text-gray-900" data-testid="delivery-tracking-number">
                    {d.trackingNumber}
                  </span>
                </p>
              </div>
            </div>
            <Link
              to={deliveryTrackPath(d)}
              onClick={onNavigate}
              aria-label={`Track ${d.name}`}
              className={buttonVariants({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
            >
              Track
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
