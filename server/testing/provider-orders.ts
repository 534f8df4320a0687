import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { providerOrders } from '../db/schema';

/**
 * The provider order (issue 28) a restaurant's delivery order belongs to: what /api/provider/orders/:id/* take.
 * Tests that start from a delivery order use it to act as the restaurant.
 */
export async function providerOrderIdOf(db: Db, delivery: { bookingId: number; partKey: string }): Promise<number> {
  const restaurantId = Number(/^restaurant:(\d+)$/.exec(delivery.partKey)?.[1]);
  const [o] = await db
    .select({ id: providerOrders.id })
    .from(providerOrders)
    .where(and(eq(providerOrders.bookingId, delivery.bookingId), eq(providerOrders.listingKind, 'restaurants'), eq(providerOrders.listingId, restaurantId)));
  if (!o) throw new Error(`no provider order for ${delivery.partKey} of booking ${delivery.bookingId}`);
  return o.id;
}
