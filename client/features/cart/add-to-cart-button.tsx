import { useEffect, useState } from 'react';
import { Check, ShoppingCart } from 'lucide-react';
import { Button } from '@client/ui/button';
import { cn } from '@client/lib/cn';
import { useUnifiedBooking } from '@client/features/bookings/unified-booking-store';
import { useCart, type CartItem } from './cart-store';

/** How long the green 'Added!' confirmation stays on the button (UI feedback only). */
const ADDED_FEEDBACK_MS = 2000;

export type AddToCartButtonProps = {
  item: Omit<CartItem, 'id' | 'quantity'>;
  className?: string;
  size?: 'sm' | 'default';
  disabled?: boolean;
};

/** 'Add to Cart' → 'Added!' (2 s) → 'Add More (n)'; 'In Booking' when the service is in the unified booking. */
export function AddToCartButton({ item, className, size = 'default', disabled }: AddToCartButtonProps) {
  const { items, addItem } = useCart();
  const unified = useUnifiedBooking();
  const [justAdded, setJustAdded] = useState(false);

  useEffect(() => {
    if (!justAdded) return;
    const timer = setTimeout(() => setJustAdded(false), ADDED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [justAdded]);

  const inBooking = unified.has(item.serviceType, item.serviceId);
  const line = items.find((l) => l.serviceType === item.serviceType && l.serviceId === item.serviceId);

  if (inBooking) {
    return (
      <Button size={size} variant="secondary" className={className} disabled>
        <Check className="size-4" aria-hidden="true" />
        In Booking
      </Button>
    );
  }

  const label = justAdded ? 'Added!' : line ? `Add More (${line.quantity})` : 'Add to Cart';
  return (
    <Button
      size={size}
      className={cn(justAdded && 'bg-green-600 hover:bg-green-700 active:bg-green-800', className)}
      disabled={disabled}
      aria-label={`${label}: ${item.name}`}
      onClick={() => {
        addItem(item);
        setJustAdded(true);
      }}
    >
      {justAdded ? <Check className="size-4" aria-hidden="true" /> : <ShoppingCart className="size-4" aria-hidden="true" />}
      <span aria-live="polite">{label}</span>
    </Button>
  );
}
