import { lazy, Suspense, useRef, useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import { pluralize } from '@domain/format';
import { Button } from '@client/ui/button';
import { SimpleTooltip } from '@client/ui/tooltip';
import { useCartCount } from './cart-store';

const loadCartDialog = () => import('./cart-dialog');
// The dialog (with checkout and tracking behind it) loads when the cart is first opened, or fetched early when the
// pointer or keyboard focus reaches the button.
const CartDialog = lazy(() => loadCartDialog().then((m) => ({ default: m.CartDialog })));

/** Header cart button with the item-count badge; opens the cart dialog. */
export function CartButton() {
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const badge = count > 99 ? '99+' : String(count);
  return (
    <>
      <SimpleTooltip label="Cart">
        <Button
          ref={buttonRef}
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? `Cart, ${pluralize(count, 'item')}` : 'Cart, empty'}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadCartDialog()}
          onFocus={() => void loadCartDialog()}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
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
      </SimpleTooltip>
      {loaded ? (
        <Suspense fallback={null}>
          <CartDialog open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
