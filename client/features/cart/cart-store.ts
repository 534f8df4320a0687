import { useCallback, useSyncExternalStore } from 'react';
import {
  addCartItem,
  cartItemCount,
  cartTotal,
  parseStoredCart,
  removeCartItem,
  updateCartQuantity,
  type CartItem,
  type NewCartItem,
} from './cart-logic';

export type { CartItem, NewCartItem } from './cart-logic';

/** Spec 000 section 4: the cart persists under this localStorage key. */
export const CART_STORAGE_KEY = 'go-live-cart';
/** Fired on window by code in this tab that changed the stored cart ('storage' only fires in other tabs). */
export const CART_CHANGE_EVENT = 'go-live-cart-change';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.warn('Cart storage is not readable', error);
    return null;
  }
}

/** Sum of item quantities in the stored cart; 0 for anything missing, malformed or unreadable. */
export function readCartCount(): number {
  const raw = readRaw();
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

// useSyncExternalStore needs the same array back while the stored text is unchanged.
let cachedRaw: string | null | undefined;
let cachedItems: CartItem[] = [];
const EMPTY: CartItem[] = [];

/** The stored cart lines (stable identity while storage is unchanged). */
export function readCartItems(): CartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parseStoredCart(raw);
  }
  return cachedItems;
}

function writeCartItems(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items }));
  } catch (error) {
    console.error('Cart could not be saved', error);
  }
  notifyCartChange();
}

function update(change: (items: CartItem[]) => CartItem[]): void {
  writeCartItems(change(readCartItems()));
}

/** Adds a line to the cart, outside React (e.g. from an event handler of another component). */
export function addToCart(item: NewCartItem): void {
  update((items) => addCartItem(items, item, Date.now()));
}

/** Empties the cart. */
export function clearCart(): void {
  writeCartItems([]);
}

export type UseCart = {
  items: CartItem[];
  itemCount: number;
  total: number;
  addItem(item: NewCartItem): void;
  updateQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  clear(): void;
};

/** The cart, shared by every component and tab through localStorage. */
export function useCart(): UseCart {
  const items = useSyncExternalStore(subscribe, readCartItems, () => EMPTY);
  const updateQuantity = useCallback((id: string, quantity: number) => update((current) => updateCartQuantity(current, id, quantity)), []);
  const removeItem = useCallback((id: string) => update((current) => removeCartItem(current, id)), []);
  return {
    items,
    itemCount: cartItemCount(items),
    total: cartTotal(items),
    addItem: addToCart,
    updateQuantity,
    removeItem,
    clear: clearCart,
  };
}
