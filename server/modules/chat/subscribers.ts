import type { AppContext } from '../../platform/context';
import { ensureDriverConversation } from './service';

/** The chat module's reactions: a driver taking an order opens the customer <-> driver conversation. */
export function registerChat(ctx: AppContext) {
  ctx.events.on('order.accepted', async (p) => {
    await ensureDriverConversation(ctx.db, p.orderId);
  });
}
