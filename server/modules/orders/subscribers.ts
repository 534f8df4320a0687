import type { AppContext } from '../../platform/context';
import { dispatchOrder, dispatchTick, type DispatchOptions } from './dispatch';
import { markOutForDelivery } from './linehaul';
import { cancelDeclinedParts, cancelOrdersForBooking, createOrdersForBooking, markKitchenAccepted, markOrderReady } from './service';

/**
 * The orders module's reactions: a paid booking becomes delivery orders, a cancelled one cancels them, a new order
 * or a driver coming online triggers dispatch (within DISPATCH_RADIUS_KM of the pickup), a last-mile parcel collected
 * at its hub is out for delivery, and a dispatcher pass runs every `tickMs` (DISPATCH_TICK_MS).
 */
export function registerOrders(ctx: AppContext, opts: { tickMs: number }) {
  const dispatch: DispatchOptions = { radiusKm: ctx.config.dispatchRadiusKm };
  ctx.events.on('booking.confirmed', (p) => createOrdersForBooking(ctx.events, p.bookingId, p.serviceTypes));
  ctx.events.on('booking.cancelled', (p) => cancelOrdersForBooking(ctx.events, p.bookingId));
  ctx.events.on('order.declined', (p) => cancelDeclinedParts(ctx.events, p));
  ctx.events.on('order.created', async (p) => {
    await dispatchOrder(ctx.events, p.orderId, new Date(), dispatch);
  });
  ctx.events.on('order.status_changed', async (p) => {
    if (p.to === 'transit') await markOutForDelivery(ctx.events, p.orderId);
  });
  ctx.events.on('order.kitchen_accepted', (p) => markKitchenAccepted(ctx.events, p.orderId));
  ctx.events.on('order.ready', async (p) => {
    if (await markOrderReady(ctx.events, p.orderId)) await dispatchOrder(ctx.events, p.orderId, new Date(), dispatch);
  });
  ctx.events.on('driver.online', async (p) => {
    if (p.online) await dispatchTick(ctx.db, ctx.events, new Date(), dispatch);
  });
  if (opts.tickMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      dispatchTick(ctx.db, ctx.events, new Date(), dispatch)
        .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'dispatch pass failed'))
        .finally(() => {
          running = false;
        });
    }, opts.tickMs);
    timer.unref();
    ctx.timers.add(timer);
  }
}
