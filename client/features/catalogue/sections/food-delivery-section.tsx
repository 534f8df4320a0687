import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { Clock, MapPin, MessageCircle, Phone, Route, Search, ShoppingCart, Truck, UtensilsCrossed } from 'lucide-react';
import type { Restaurant } from '@domain/catalogue/types';
import { deliversWithinText } from '@domain/orders/reach';
import { formatMoney } from '@client/lib/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { useCart } from '@client/features/cart/cart-store';
import { DeliveryPlaceBox } from '@client/features/locations/delivery-place-box';
import { destinationOf, useDeliveryPlace } from '@client/features/locations/delivery-place';
import { byDistance, formatKm } from '@client/features/locations/distance';
import { SECTION_IDS } from '../categories';
import { FilterChips } from '../components/chips';
import { CardImage, QueryStates } from '../components/states';
import { RatingButton } from '@client/features/reviews/rating-button';
import { buildQuery, useCatalogue, useDebouncedValue } from '../components/use-catalogue';
import { SectionShell } from './section-shell';
import type { Delivery } from './food-menu-dialog';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';
import { OpeningStatus } from '@client/features/availability/opening-status';

// Dialog contents load when first opened: the section itself is on the home page's first screen.
const ChatDialog = lazy(() => import('@client/features/chat/chat-dialog').then((m) => ({ default: m.ChatDialog })));
const loadMenuDialog = () => import('./food-menu-dialog');
const MenuDialog = lazy(() => loadMenuDialog().then((m) => ({ default: m.MenuDialog })));
/** The menu's code is fetched early when the pointer or keyboard focus reaches a button that opens it. */
const preloadMenu = () => void loadMenuDialog().catch(() => undefined);

/** Spec 000 section 2: the cuisine chips. */
export const CUISINES = ['All', 'Italian', 'Chinese', 'Mexican', 'Japanese', 'Indian'] as const;

/**
 * Restaurants shown before "Show more": two rows on wide screens. The full list of cards is several phone
 * screens tall at 390 px, which buries every section below it.
 */
export const RESTAURANTS_INITIAL = 6;

export function FoodDeliverySection() {
  const [address, setAddress] = useState('');
  // The customer's chosen place (delivery-place.ts): restaurants nearest first, and it goes on the cart lines.
  const place = useDeliveryPlace();
  const [search, setSearch] = useState('');
  const [cuisine, setCuisine] = useState<string>('All');
  const [showAll, setShowAll] = useState(false);
  const q = useDebouncedValue(search.trim(), 250);
  const searchId = useId();
  const firstMoreRef = useRef<HTMLElement>(null);
  const focusFirstMore = useRef(false);
  useEffect(() => {
    // After "Show more" the button is gone; focus the first card it revealed so keyboard users continue there.
    if (showAll && focusFirstMore.current) {
      focusFirstMore.current = false;
      firstMoreRef.current?.focus();
    }
  }, [showAll]);

  const restaurants = useCatalogue<Restaurant[]>(`/api/restaurants${buildQuery({ q, cuisine: cuisine === 'All' ? undefined : cuisine })}`, {
    keepPrevious: true,
  });
  const delivery: Delivery = place ? { address: place.address, destination: destinationOf(place) } : { address: address.trim() || undefined };
  const from = useMemo(() => (place ? { lat: place.lat, lng: place.lng } : null), [place]);

  return (
    <SectionShell id={SECTION_IDS.food} title="Food Delivery" icon={UtensilsCrossed} intro="Order from restaurants near you and follow your delivery live.">
      <div className="grid gap-4 md:grid-cols-2">
        {/* Carried on the cart lines; the checkout starts from it and asks for it when it is missing. */}
        <DeliveryPlaceBox placeholder="Enter your delivery address" text={address} onTextChange={setAddress} />
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={searchId}>Search restaurants</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
            <Input id={searchId} type="search" className="pl-9" placeholder="Restaurant or dish" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
      </div>
      <div className="mt-4">
        <FilterChips label="Cuisine" options={CUISINES} value={cuisine} onChange={setCuisine} />
      </div>
      <div className="mt-6">
        <QueryStates query={restaurants} label="restaurants" empty="No restaurants found matching your criteria.">
          {(items) => {
          const rows = byDistance(items, from);
          return (
          <>
            <ul
              aria-label={from ? 'Restaurants, nearest first' : 'Restaurants'}
              aria-busy={restaurants.isPlaceholderData}
              className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3"
            >
              {(showAll ? rows : rows.slice(0, RESTAURANTS_INITIAL)).map(({ item: r, km }, i) => (
                <li key={r.id}>
                  <RestaurantCard restaurant={r} km={km} delivery={delivery} cardRef={i === RESTAURANTS_INITIAL ? firstMoreRef : undefined} />
                </li>
              ))}
            </ul>
            {!showAll && items.length > RESTAURANTS_INITIAL ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => {
                    focusFirstMore.current = true;
                    setShowAll(true);
                  }}
                >
                  Show all {items.length} restaurants
                </Button>
              </div>
            ) : null}
          </>
          );
          }}
        </QueryStates>
      </div>
    </SectionShell>
  );
}

function RestaurantCard({ restaurant, km, delivery, cardRef }: { restaurant: Restaurant; km: number | null; delivery: Delivery; cardRef?: Ref<HTMLElement> }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The chat dialog asks a signed-out visitor to sign in, then continues with this restaurant.
  const [chatOpen, setChatOpen] = useState(false);
  // The chat dialog (and its code) is mounted once first opened, and kept so closing animates.
  const chatUsed = useHasBeenTrue(chatOpen);
  const menuUsed = useHasBeenTrue(menuOpen);
  // Judged as checkout judges it (domain/orders/reach.ts): road km, compared as shown to one decimal.
  const outside = km !== null && Math.round(km * 10) / 10 > restaurant.deliveryRadiusKm;

  return (
    <article
      ref={cardRef}
      tabIndex={cardRef ? -1 : undefined}
      aria-labelledby={`restaurant-${restaurant.id}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <CardImage src={restaurant.image} alt={restaurant.name} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`restaurant-${restaurant.id}`} className="font-semibold text-gray-900">
            {restaurant.name}
          </h3>
          <RatingButton rating={restaurant.rating} reviewCount={restaurant.reviewCount} serviceType="food-delivery" serviceId={restaurant.id} name={restaurant.name} />
        </div>
        <div>
          <Badge variant="secondary">{restaurant.cuisine}</Badge>
        </div>
        <OpeningStatus hours={restaurant.hours} />
        <p className="text-sm text-gray-600">{restaurant.description}</p>
        <dl className="grid gap-1 text-sm text-gray-700">
          {km !== null ? (
            <div className="flex items-center gap-1.5">
              <MapPin className="size-4 text-gray-400" aria-hidden="true" />
              <dt className="sr-only">Distance</dt>
              <dd>{formatKm(km)} away</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5">
            <Clock className="size-4 text-gray-400" aria-hidden="true" />
            <dt className="sr-only">Delivery time</dt>
            <dd>{restaurant.deliveryTime}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Truck className="size-4 text-gray-400" aria-hidden="true" />
            <dt className="sr-only">Delivery fee</dt>
            <dd>{formatMoney(restaurant.deliveryFee)} delivery</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Route className="size-4 text-gray-400" aria-hidden="true" />
            <dt className="sr-only">Delivery area</dt>
            <dd className={outside ? 'text-amber-800' : undefined}>
              {deliversWithinText(restaurant.deliveryRadiusKm)}
              {outside ? ' (your address is too far)' : ''}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Phone className="size-4 text-gray-400" aria-hidden="true" />
            <dt className="sr-only">Phone</dt>
            <dd>
              <a className="rounded text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" href={`tel:${restaurant.phone.replace(/\s+/g, '')}`}>
                {restaurant.phone}
              </a>
            </dd>
          </div>
        </dl>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={() => setMenuOpen(true)} onPointerEnter={preloadMenu} onFocus={preloadMenu} aria-label={`View menu of ${restaurant.name}`}>
            View Menu
          </Button>
          <MenuAddButton restaurant={restaurant} onOpen={() => setMenuOpen(true)} />
          <Button variant="ghost" size="sm" className="col-span-2" onClick={() => setChatOpen(true)} aria-label={`Chat with ${restaurant.name}`}>
            <MessageCircle className="size-4" aria-hidden="true" />
            Chat
          </Button>
        </div>
      </div>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MenuDialog restaurant={restaurant} delivery={delivery} open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
      {chatUsed ? (
        <Suspense fallback={null}>
          <ChatDialog
            open={chatOpen}
            onOpenChange={setChatOpen}
            target={{ kind: 'service', serviceType: 'food-delivery', serviceId: restaurant.id, serviceName: restaurant.name }}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/**
 * The card's Add to Cart opens the menu, so the customer chooses the dish (issue 15: it used to put the first dish
 * in the cart without saying which). Shows "In Cart (n)" when dishes of this restaurant are already in the cart.
 */
function MenuAddButton({ restaurant, onOpen }: { restaurant: Restaurant; onOpen: () => void }) {
  const { items } = useCart();
  const count = items
    .filter((i) => i.serviceType === 'food-delivery' && (i.details as { restaurantId?: number } | undefined)?.restaurantId === restaurant.id)
    .reduce((n, i) => n + i.quantity, 0);
  return (
    <Button size="sm" onClick={onOpen} onPointerEnter={preloadMenu} onFocus={preloadMenu} aria-label={`Add to Cart: choose from the menu of ${restaurant.name}`} aria-haspopup="dialog">
      <ShoppingCart className="size-4" aria-hidden="true" />
      {count > 0 ? `In Cart (${count})` : 'Add to Cart'}
    </Button>
  );
}
