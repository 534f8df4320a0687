import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DayKind } from '@domain/availability/schemas';
import { invalidateAvailability } from './use-day-availability';

/**
 * What a details dialog that books dates of a listing (a hotel's nights, a property's lease) wires between its
 * SoldOutNotice, its book button and its CheckoutDialog:
 * - `refused`: the server's refusal (409) of the very choice `key` names (dates, rooms...), kept until it changes;
 * - `noticeRef` for the SoldOutNotice, where the keyboard goes when checkout is refused;
 * - `bookRef` for the book button, where `focusBook` sends the keyboard once the nearest free dates are chosen (the
 *   notice goes with the sold-out dates);
 * - `checkout`: the CheckoutDialog's open state and callbacks: a refusal or a payment asks availability again, and
 *   a payment calls `onPaid` (the dialog closes itself).
 */
export function useSoldOutCheckout(kind: DayKind, key: string, onPaid: () => void) {
  const queryClient = useQueryClient();
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [refusal, setRefusal] = useState<{ key: string; message: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const bookRef = useRef<HTMLButtonElement>(null);
  return {
    refused: refusal?.key === key ? refusal.message : null,
    noticeRef,
    bookRef,
    focusBook: () => requestAnimationFrame(() => bookRef.current?.focus()),
    openCheckout: () => setCheckoutOpen(true),
    checkout: {
      open: checkoutOpen,
      onOpenChange: setCheckoutOpen,
      returnFocusRef: noticeRef,
      onUnavailable: (message: string) => {
        setRefusal({ key, message });
        void invalidateAvailability(queryClient, kind);
      },
      onPaid: () => {
        void invalidateAvailability(queryClient, kind);
        onPaid();
      },
    },
  };
}
