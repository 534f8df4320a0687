import { useSyncExternalStore } from 'react';

/** Spec 000 section 4: the cart persists under this localStorage key. */
export const CART_STORAGE_KEY = 'go-live-cart';
/** Fired on window by code in this tab that changed the stored cart ('storage' only fires in other tabs). */
export const CART_CHANGE_EVENT = 'go-live-cart-change';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Sum of item quantities in the stored cart; 0 for anything missing, malformed or unreadable. */
export function readCartCount(): number {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.warn('Cart storage is not readable', error);
    return 0;
  }
  if (!raw) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 0;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.items)) return 0;
  let count = 0;
  for (const item of parsed.items) {
    if (!isRecord(item)) continue;
    const quantity = Number(item.quantity);
    if (Number.isFinite(quantity) && quantity > 0) count += Math.floor(quantity);
  }
  return count;
}

/** Tell listeners in this tab that the stored cart changed. */
export function notifyCartChange(): void {
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/** Live number of items in the cart, for the header badge. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCartCount, () => 0);
}
