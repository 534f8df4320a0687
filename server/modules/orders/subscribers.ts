import type { AppContext } from '../../platform/context';
import { dispatchOrder, dispatchTick } from './dispatch';
import { cancelOrdersForBooking, createOrdersForBooking, markKitchenAccepted, markOrderReady } from './service';

/**
 * The orders module's reactions: a paid booking becomes delivery orders, a cancelled one cancels them, a new order
 * or a driver coming online triggers dispatch, and a dispatcher pass runs every `tickMs` (DISPATCH_TICK_MS).
 */
export function registerOrders(ctx: AppContext, opts: { tickMs: number }) {
  ctx.events.on('booking.confirmed', (p) => createOrdersForBooking(ctx.events, p.bookingId, p.serviceTypes));
  ctx.events.on('booking.cancelled', (p) => cancelOrdersForBooking(ctx.events, p.bookingId));
  ctx.events.on('order.created', async (p) => {
    await dispatchOrder(ctx.events, p.orderId);
  });
  ctx.events.on('order.kitchen_accepted', (p) => markKitchenAccepted(ctx.events, p.orderId));
  ctx.events.on('order.ready', async (p) => {
    if (await markOrderReady(ctx.events, p.orderId)) await dispatchOrder(ctx.events, p.orderId);
  });
  ctx.events.on('driver.online', async (p) => {
    if (p.online) await dispatchTick(ctx.db, ctx.events);
  });
  if (opts.tickMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      dispatchTick(ctx.db, ctx.events)
        .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'dispatch pass failed'))
        .finally(() => {
          running = false;
        });
    }, opts.tickMs);
    timer.unref();
    ctx.timers.add(timer);
  }
}
