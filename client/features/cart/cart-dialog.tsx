import { lazy, Suspense, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import type { Booking } from '@domain/bookings/schemas';
import { pluralize } from '@domain/format';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { toast } from '@client/ui/use-toast';
import { bookingDeliveries, foodOrderNames } from '@client/features/payments/deliveries';
import { QuotedTotals } from '@client/features/payments/quoted-totals';
import { useQuote } from '@client/features/payments/use-quote';
import { useCart, type CartItem } from './cart-store';
import { LineItemRow } from './line-item-row';
import { bookedSummary } from './cart-logic';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';
import { OpeningCartNotice } from '@client/features/availability/opening-cart-notice';

// Loaded when first opened: checkout (card and fulfilment forms).
const CheckoutDialog = lazy(() => import('@client/features/payments/checkout-dialog').then((m) => ({ default: m.CheckoutDialog })));

/** The restaurant a food line comes from, for the order toast when the server did not name the deliveries. */
function restaurantName(booking: Booking): string {
  // Server line names read 'Dish (Restaurant)'.
  const line = booking.items.find((l) => l.serviceType === 'food-delivery');
  const match = line ? /\(([^()]+)\)\s*$/.exec(line.name) : null;
  return match?.[1] ?? line?.name ?? 'the restaurant';
}

type CartDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's cart button: keyboard focus comes back to it when the cart, checkout or tracking closes. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The cart dialog with checkout and, after a food order, its tracking: the header's CartButton loads this module
 * when the cart is first opened, so none of it is part of the first load.
 */
export function CartDialog({ open, onOpenChange, returnFocusRef }: CartDialogProps) {
  const cart = useCart();
  const setOpen = onOpenChange;
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  // Mounted once first opened (its code loads then), and kept mounted so closing animates and keeps state.
  const checkoutMounted = useHasBeenTrue(checkoutOpen);
  // The server's breakdown of the cart (fees, taxes), asked while the cart is open and again when it changes.
  const quote = useQuote(open && cart.items.length > 0 ? cart.items.map((i) => ({ serviceType: i.serviceType, serviceId: i.serviceId, quantity: i.quantity, details: i.details ?? {} })) : null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
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

  // Paid: the checkout closes and lands on the booking's confirmation screen (receipt, tracking links, what happens
  // next); a food order also says so in a toast.
  const onPaid = (booking: Booking) => {
    const hadFood = checkoutItems.some((i) => i.serviceType === 'food-delivery');
    cart.clear();
    if (!hadFood) return;
    const deliveries = bookingDeliveries(booking);
    if (deliveries.length === 0 && !booking.trackingId) {
      // Paid, but no tracking record to show yet (spec 000 section 8: the tracking failure path).
      toast({ title: 'Order Placed', description: 'Your order has been placed successfully!', variant: 'success' });
      return;
    }
    const others = bookedSummary(checkoutItems, 'food-delivery');
    toast({
      title: 'Order Placed Successfully!',
      description: `Your order from ${foodOrderNames(deliveries) ?? restaurantName(booking)} is being prepared. Track your delivery in real-time.${others ? ` Also booked: ${others}.` : ''}`,
      variant: 'success',
    });
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg" returnFocusRef={returnFocusRef}>
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
                  <LineItemRow
                    key={item.id}
                    line={item}
                    onQuantity={(q) => cart.updateQuantity(item.id, q)}
                    onRemove={() => cart.removeItem(item.id)}
                  />
                ))}
              </ul>
              <OpeningCartNotice items={cart.items} />
              <QuotedTotals quote={quote} estimate={cart.total} totalTestId="cart-total" />
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
      {checkoutMounted && (
        <Suspense fallback={null}>
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
            serviceName={`${pluralize(checkoutItems.reduce((n, i) => n + i.quantity, 0), 'item')} from cart`}
            successDescription={`Thank you for booking ${bookedSummary(checkoutItems)}!`}
            onPaid={onPaid}
            returnFocusRef={returnFocusRef}
          />
        </Suspense>
      )}
    </>
  );
}
