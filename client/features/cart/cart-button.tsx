import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { pluralize } from '@client/lib/format';
import { Button } from '@client/ui/button';
import { SimpleTooltip } from '@client/ui/tooltip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { useCartCount } from './cart-store';

/** Header cart button with the item-count badge. The full cart dialog (lines, totals, checkout) comes later. */
export function CartButton() {
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const badge = count > 99 ? '99+' : String(count);

  const continueShopping = () => {
    setOpen(false);
    if (pathname !== '/') void navigate('/');
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <SimpleTooltip label="Cart">
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? `Cart, ${pluralize(count, 'item')}` : 'Cart, empty'}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <ShoppingCart className="size-5" aria-hidden="true" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </SimpleTooltip>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{count > 0 ? 'Your cart' : 'Your cart is empty'}</DialogTitle>
          <DialogDescription>
            {count > 0
              ? `You have ${pluralize(count, 'item')} in your cart. Checkout is being built and will be available soon.`
              : 'Browse our services and add something you like.'}
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-center py-2 text-gray-300" aria-hidden="true">
          <ShoppingCart className="size-14" />
        </div>
        <DialogFooter>
          <Button className="w-full sm:w-auto" onClick={continueShopping}>
            Continue Shopping
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
