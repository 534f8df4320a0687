import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ShoppingCart, Trash2 } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import { formatMoney, pluralize } from '@client/lib/format';
import { Button } from '@client/ui/button';
import { SimpleTooltip } from '@client/ui/tooltip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@client/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/ui/select';
import { toast } from '@client/ui/use-toast';
import { CheckoutDialog } from '@client/features/payments/checkout-dialog';
import { TrackingDialog } from '@client/features/tracking/tracking-dialog';
import { useCart, useCartCount, type CartItem } from './cart-store';

/** Spec 000 section 9: the quantity selector offers 1-5. */
const QUANTITIES = [1, 2, 3, 4, 5] as const;

/** The restaurant a food line comes from, for the order toast. */
function restaurantName(items: readonly CartItem[], booking: Booking): string {
  for (const item of items) {
    if (item.serviceType !== 'food-delivery') continue;
    const named = item.details?.restaurantName ?? item.details?.restaurant;
    if (typeof named === 'string' && named.trim()) return named;
  }
  // Server line names read 'Dish (Restaurant)'.
  const line = booking.items.find((l) => l.serviceType === 'food-delivery');
  const match = line ? /\(([^()]+)\)\s*$/.exec(line.name) : null;
  return match?.[1] ?? line?.name ?? 'the restaurant';
}

/** Header cart button with the item-count badge, and the cart dialog with checkout. */
export function CartButton() {
  const count = useCartCount();
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [trackingId, setTrackingId] = useState<string | null>(null);
  // Checkout and tracking dialogs open after the cart dialog has closed; keyboard focus comes back here.
  const cartButtonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const badge = count > 99 ? '99+' : String(count);
  // Frozen when checkout starts so the booking matches what the customer saw even if another tab edits the cart.
  const [checkoutItems, setCheckoutItems] = useState<CartItem[]>([]);

  const continueShopping = () => {
    setOpen(false);
    if (pathname !== '/') void navigate('/');
  };

  const startCheckout = () => {
    setCheckoutItems(cart.items);
    setOpen(false);
    setCheckoutOpen(true);
  };

  const onPaid = (booking: Booking) => {
    const hadFood = checkoutItems.some((i) => i.serviceType === 'food-delivery');
    cart.clear();
    setCheckoutOpen(false);
    if (hadFood && booking.trackingId) {
      toast({
        title: 'Order Placed Successfully!',
        description: `Your order from ${restaurantName(checkoutItems, booking)} is being prepared. Track your delivery in real-time.`,
        variant: 'success',
      });
      setTrackingId(booking.trackingId);
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <SimpleTooltip label="Cart">
          <DialogTrigger asChild>
            <Button
              ref={cartButtonRef}
              variant="ghost"
              size="icon"
              className="relative"
              aria-label={count > 0 ? `Cart, ${pluralize(count, 'item')}` : 'Cart, empty'}
            >
              <ShoppingCart className="size-5" aria-hidden="true" />
              {count > 0 ? (
                <span
                  aria-hidden="true"
                  data-testid="cart-badge"
                  className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
                >
                  {badge}
                </span>
              ) : null}
            </Button>
          </DialogTrigger>
        </SimpleTooltip>
        <DialogContent className="max-w-lg">
          {cart.items.length === 0 ? (
            <>
              <DialogHeader>
                <DialogTitle>Your cart is empty</DialogTitle>
                <DialogDescription>Browse our services and add something you like.</DialogDescription>
              </DialogHeader>
              <div className="flex justify-center py-2 text-gray-300" aria-hidden="true">
                <ShoppingCart className="size-14" />
              </div>
              <DialogFooter>
                <Button className="w-full sm:w-auto" onClick={continueShopping}>
                  Continue Shopping
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>Your cart</DialogTitle>
                <DialogDescription>{pluralize(cart.itemCount, 'item')} in your cart.</DialogDescription>
              </DialogHeader>
              <ul className="grid max-h-[50vh] gap-3 overflow-y-auto pr-1" aria-label="Cart items">
                {cart.items.map((item) => (
                  <CartLine key={item.id} item={item} onQuantity={(q) => cart.updateQuantity(item.id, q)} onRemove={() => cart.removeItem(item.id)} />
                ))}
              </ul>
              <div className="flex items-center justify-between border-t border-gray-200 pt-3 text-base font-semibold">
                <span>Total</span>
                <span className="tabular-nums" data-testid="cart-total">
                  {formatMoney(cart.total)}
                </span>
              </div>
              <DialogFooter>
                <Button variant="outline" onClick={cart.clear}>
                  Clear
                </Button>
                <Button onClick={startCheckout}>Checkout</Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
      <CheckoutDialog
        open={checkoutOpen}
        onOpenChange={setCheckoutOpen}
        items={checkoutItems.map((i) => ({
          serviceType: i.serviceType,
          serviceId: i.serviceId,
          quantity: i.quantity,
          details: i.details ?? {},
          name: i.name,
          price: i.price,
        }))}
        serviceName={`${checkoutItems.length} item(s) from cart`}
        onPaid={onPaid}
        returnFocusRef={cartButtonRef}
      />
      <TrackingDialog
        trackingId={trackingId}
        open={trackingId !== null}
        onOpenChange={(o) => !o && setTrackingId(null)}
        returnFocusRef={cartButtonRef}
      />
    </>
  );
}

function CartLine({ item, onQuantity, onRemove }: { item: CartItem; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  // The selector offers 1-5; a larger quantity (added with repeated 'Add More') stays selectable as itself.
  const options = item.quantity > 5 ? [...QUANTITIES, item.quantity] : QUANTITIES;
  return (
    <li className="flex gap-3 rounded-lg border border-gray-200 p-3">
      {item.image ? (
        <img src={item.image} alt="" className="size-16 shrink-0 rounded-md bg-gray-100 object-cover" loading="lazy" />
      ) : (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-400" aria-hidden="true">
          <ShoppingCart className="size-6" />
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words text-gray-900">{item.name}</p>
            {item.description ? <p className="line-clamp-2 text-xs text-gray-600">{item.description}</p> : null}
            <p className="text-xs text-gray-600">{formatMoney(item.price)} each</p>
          </div>
          <span className="shrink-0 font-semibold tabular-nums">{formatMoney(item.price * item.quantity)}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <Select value={String(item.quantity)} onValueChange={(v) => onQuantity(Number(v))}>
            <SelectTrigger className="h-8 w-20" aria-label={`Quantity of ${item.name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((q) => (
                <SelectItem key={q} value={String(q)}>
                  {q}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onRemove} aria-label={`Remove ${item.name}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
