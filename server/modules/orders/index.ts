/**
 * The orders module's front door: delivery orders made from paid bookings (its routes and reactions), the journey
 * every screen and mail shows (ADR 028), dispatch's offers for drivers, an order's status changes, and the admin's
 * delivery list.
 */
export { ordersRoutes } from './routes';
export { registerOrders } from './subscribers';
export { journeysOf, orderJourney } from './journey';
export { dispatchTick, liveOffers, offerNextWave, withdrawOffersOf, type DispatchOptions } from './dispatch';
export { applyOrderStatus, lockOrder, type OrderRow } from './service';
export { openDeliveries } from './admin';
