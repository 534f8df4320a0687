import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { Clock, MapPin, MessageCircle, Phone, Route, Search, ShoppingCart, Truck, UtensilsCrossed } from 'lucide-react';
import type { Restaurant } from '@domain/catalogue/types';
import { deliversWithinText } from '@domain/orders/reach';
import { formatDistance, formatMoney } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Label } from '@client/ui/label';
import { useCart } from '@client/features/cart/cart-store';
import { DeliveryPlaceBox } from '@client/features/locations/delivery-place-box';
import { destinationOf, useDeliveryPlace } from '@client/features/locations/delivery-place';
import { byDistance, distanceTo } from '@client/features/locations/distance';
import { SECTION_IDS } from '../categories';
import { FilterChips } from '../components/chips';
import { CardImage, SearchStates } from '../components/states';
import { AreaNote, ResultCount, ShowMoreButton, SortChips, ViewToggle, sortChipOptions, useRevealFocus } from '../components/list-controls';
import { RatingButton } from '@client/features/reviews/rating-button';
import { useDebouncedValue } from '../components/use-catalogue';
import { bboxParam, nearParam, searchQueryString } from '@client/features/search/search-query';
import { facetCounts, useSearch } from '@client/features/search/use-search';
import { useLinkedListing } from '@client/features/search/listing-link';
import { MapArea, mapItemsOf } from '@client/features/search/map-area';
import { cn } from '@client/lib/cn';
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

/** Lists up to this long are shown whole by 'Show all N restaurants'; longer ones a page at a time. */
const SHOW_ALL_MAX = 60;

/** How far from the delivery place restaurants are listed, nearest first (the server's largest radius). */
const FOOD_RADIUS_KM = 500;

export function FoodDeliverySection() {
  const [address, setAddress] = useState('');
  // The customer's chosen place (delivery-place.ts): restaurants nearest first, and it goes on the cart lines.
  const place = useDeliveryPlace();
  const [search, setSearch] = useState('');
  const [cuisine, setCuisine] = useState<string>('All');
  const [sortChoice, setSortChoice] = useState('');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [area, setArea] = useState('');
  const [showAll, setShowAll] = useState(false);
  const q = useDebouncedValue(search.trim(), 250);
  const searchId = useId();
  const from = useMemo(() => (place ? { lat: place.lat, lng: place.lng } : null), [place]);
  // With a place, nearest first unless the customer chose another order; without one, the best match or best rated.
  const sort = sortChoice === 'distance' && !from ? '' : sortChoice;
  const order = sort || (from ? 'distance' : q ? 'relevance' : 'rating');

  // One search, typo-tolerant, 20 restaurants a page (issue 29); the cuisine chips show their counts.
  const restaurants = useSearch(
    searchQueryString({
      kind: 'restaurant',
      q,
      cuisine: cuisine === 'All' ? undefined : cuisine,
      near: from ? nearParam(from) : undefined,
      radiusKm: from ? FOOD_RADIUS_KM : undefined,
      bbox: area,
      sort: order,
    }),
  );
  const cuisineCounts = useMemo(() => facetCounts(restaurants.facets, 'cuisine'), [restaurants.facets]);
  const delivery: Delivery = place ? { address: place.address, destination: destinationOf(place) } : { address: address.trim() || undefined };

  // A restaurant asked for by a link (a search result: /?restaurant=ID#food-delivery) or picked on the map is shown
  // first, with its menu open.
  const linked = useLinkedListing<Restaurant>('restaurant');
  const [picked, setPicked] = useState<Restaurant | null>(null);
  const pinned = picked ?? linked.listing;
  const unpin = () => {
    setPicked(null);
    linked.dismiss();
  };

  const fetched = (restaurants.items as unknown as Restaurant[]).filter((r) => r.id !== pinned?.id);
  // While the list for a newly chosen place loads, the restaurants on screen are already put nearest first from it
  // (the server's answer then lists them in the same order).
  const loaded = order === 'distance' && from && restaurants.isPlaceholderData ? byDistance(fetched, from).map((r) => r.item) : fetched;
  const shown = showAll ? loaded : loaded.slice(0, RESTAURANTS_INITIAL);
  const reveal = useRevealFocus(shown.length);
  // A short list is shown whole at once ('Show all 16 restaurants'); a long one a page at a time ('Show more').
  const allAtOnce = restaurants.total <= SHOW_ALL_MAX;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = restaurants;
  useEffect(() => {
    if (showAll && allAtOnce && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [showAll, allAtOnce, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const more = () => {
    reveal.mark();
    if (!showAll) setShowAll(true);
    else void fetchNextPage();
  };
  const moreLabel = !showAll && allAtOnce ? `Show all ${restaurants.total} restaurants` : 'Show more restaurants';
  const hasMore = (!showAll && loaded.length > RESTAURANTS_INITIAL) || (showAll && !allAtOnce && hasNextPage);

  return (
    <SectionShell id={SECTION_IDS.food} title="Food Delivery" icon={UtensilsCrossed} intro="Order from restaurants near you and follow your delivery live.">
      <div className="grid gap-4 md:grid-cols-2">
        {/* Carried on the cart lines; the checkout starts from it and asks for it when it is missing. */}
        <DeliveryPlaceBox placeholder="Enter your delivery address" text={address} onTextChange={setAddress} />
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={searchId}>Search restaurants</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
            <Input id={searchId} type="search" className="pl-9" placeholder="Restaurant or dish" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
      </div>
      <div className="mt-4">
        <FilterChips label="Cuisine" options={CUISINES} value={cuisine} onChange={setCuisine} counts={restaurants.isPending ? undefined : cuisineCounts} countNoun="restaurants" />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ResultCount total={restaurants.total} singular="restaurant" plural="restaurants" pending={restaurants.isPending} estimated={restaurants.estimated} />
        <div className="flex flex-wrap items-center gap-3">
          <SortChips value={order} onChange={setSortChoice} options={sortChipOptions(from !== null)} label="Sort restaurants by" />
          <ViewToggle view={view} onChange={setView} label="Show restaurants as" />
        </div>
      </div>
      {area ? <AreaNote onClear={() => setArea('')} /> : null}
      {pinned ? (
        <div className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" role="group" aria-label="Your pick">
          <RestaurantCard key={pinned.id} restaurant={pinned} km={from ? distanceTo(from, pinned) : null} delivery={delivery} autoOpen highlight onUnpin={unpin} />
        </div>
      ) : null}
      <div className="mt-6">
        {view === 'map' ? (
          <MapArea
            className="mb-6 h-96"
            items={mapItemsOf(restaurants.items, (i) => (typeof i.cuisine === 'string' ? i.cuisine : undefined))}
            center={from ?? undefined}
            selectedKey={pinned ? `restaurant:${pinned.id}` : undefined}
            onPick={(item) => setPicked((restaurants.items as unknown as Restaurant[]).find((r) => r.id === item.id) ?? null)}
            onSearchArea={(bounds) => setArea(bboxParam(bounds))}
          />
        ) : null}
        <SearchStates<Restaurant> search={restaurants} label="restaurants" empty="No restaurants found matching your criteria.">
          {() => (
          <>
            <ul
              aria-label={order === 'distance' ? 'Restaurants, nearest first' : 'Restaurants'}
              aria-busy={restaurants.isPlaceholderData}
              className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2 lg:grid-cols-3"
            >
              {shown.map((r, i) => (
                <li key={r.id}>
                  <RestaurantCard restaurant={r} km={from ? distanceTo(from, r) : null} delivery={delivery} cardRef={reveal.refFor(i)} />
                </li>
              ))}
            </ul>
            {hasMore ? (
              <ShowMoreButton loading={isFetchingNextPage} onClick={more}>
                {moreLabel}
              </ShowMoreButton>
            ) : null}
          </>
          )}
        </SearchStates>
      </div>
    </SectionShell>
  );
}

function RestaurantCard({
  restaurant,
  km,
  delivery,
  cardRef,
  autoOpen = false,
  highlight = false,
  onUnpin,
}: {
  restaurant: Restaurant;
  km: number | null;
  delivery: Delivery;
  cardRef?: Ref<HTMLElement>;
  /** Open the menu as the card appears (a link to this restaurant, a pick on the map). */
  autoOpen?: boolean;
  highlight?: boolean;
  /** Shown first because it was asked for: a button puts it back among the others. */
  onUnpin?: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(autoOpen);
  const ownRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // The restaurant asked for is brought into view under its menu.
    if (autoOpen) ownRef.current?.scrollIntoView({ block: 'center' });
  }, [autoOpen]);
  // The chat dialog asks a signed-out visitor to sign in, then continues with this restaurant.
  const [chatOpen, setChatOpen] = useState(false);
  // The chat dialog (and its code) is mounted once first opened, and kept so closing animates.
  const chatUsed = useHasBeenTrue(chatOpen);
  const menuUsed = useHasBeenTrue(menuOpen);
  // Judged as checkout judges it (domain/orders/reach.ts): road km, compared as shown to one decimal.
  const outside = km !== null && Math.round(km * 10) / 10 > restaurant.deliveryRadiusKm;

  return (
    <article
      ref={cardRef ?? ownRef}
      tabIndex={cardRef ? -1 : undefined}
      aria-labelledby={`restaurant-${restaurant.id}`}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        highlight ? 'border-brand-400 ring-2 ring-brand-200' : 'border-gray-200',
      )}
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
              <dd>{formatDistance(km)} away</dd>
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
          <Button variant="ghost" size="sm" className={onUnpin ? undefined : 'col-span-2'} onClick={() => setChatOpen(true)} aria-label={`Chat with ${restaurant.name}`}>
            <MessageCircle className="size-4" aria-hidden="true" />
            Chat
          </Button>
          {onUnpin ? (
            <Button variant="ghost" size="sm" onClick={onUnpin}>
              Show all restaurants
            </Button>
          ) : null}
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
