import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Globe, Layers } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/ui/tabs';
import { CATEGORY_SHORTCUTS, SECTION_IDS } from '@client/features/catalogue/categories';
import { SECTION_REQUEST_EVENT, keepInView, scrollToElement } from '@client/features/catalogue/section-nav';
import { PageSpinner } from '@client/ui/spinner';
import { FoodDeliverySection } from '@client/features/catalogue/sections/food-delivery-section';
import { HomeSearchBox } from '@client/features/search/home-search-box';
import { LazySection } from './lazy-section';

// Food Delivery is on the first screen, so it is part of this page (and of its prerendered HTML). Each other section
// is its own chunk, loaded as it nears the screen (lazy-section.tsx); stable loaders (module scope).
const sections = {
  hotels: () => import('@client/features/catalogue/sections/hotels-section').then((m) => m.HotelsSection),
  flights: () => import('@client/features/catalogue/sections/flights-section').then((m) => m.FlightsSection),
  shipping: () => import('@client/features/catalogue/sections/shipping-section').then((m) => m.ShippingSection),
  cars: () => import('@client/features/catalogue/sections/car-rental-section').then((m) => m.CarRentalSection),
  taxi: () => import('@client/features/catalogue/sections/taxi-section').then((m) => m.TaxiSection),
  property: () => import('@client/features/catalogue/sections/property-section').then((m) => m.PropertySection),
  services: () => import('@client/features/catalogue/sections/additional-services-section').then((m) => m.AdditionalServicesSection),
  general: () => import('@client/features/catalogue/sections/general-services-section').then((m) => m.GeneralServicesSection),
};
const UnifiedBooking = lazy(() => import('@client/features/catalogue/unified-booking').then((m) => ({ default: m.UnifiedBooking })));

type Tab = 'individual' | 'unified';

function isTab(value: string): value is Tab {
  return value === 'individual' || value === 'unified';
}

export function HomePage() {
  usePageTitle();
  const { hash, key } = useLocation();
  const [tab, setTab] = useState<Tab>('individual');
  // An object, so asking twice for the same section still triggers a scroll.
  const [pending, setPending] = useState<{ id: string } | null>(null);
  // Once a section is asked for, every section loads now rather than as it nears the screen, so the page settles
  // quickly around the one asked for.
  const [loadAll, setLoadAll] = useState(false);
  const sectionsRef = useRef<HTMLDivElement>(null);
  const stopKeeping = useRef<(() => void) | null>(null);

  const showSection = useCallback((id: string) => {
    setTab('individual');
    setLoadAll(true);
    setPending({ id });
  }, []);

  // Scroll once the requested section is rendered, and keep it in place while the sections above it load. After a
  // tab switch the panel mounts a frame or so later (Radix Presence), so look again on the next animation frames
  // before giving up.
  useEffect(() => {
    if (!pending || tab !== 'individual') return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const element = document.getElementById(pending.id);
      if (element || tries >= 30) {
        if (element) {
          scrollToElement(element);
          stopKeeping.current?.();
          if (sectionsRef.current) stopKeeping.current = keepInView(pending.id, sectionsRef.current);
        }
        setPending(null);
        return;
      }
      tries += 1;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pending, tab]);
  useEffect(() => () => stopKeeping.current?.(), []);

  // A URL like /#hotels (from the header on another page, or a shared link) scrolls after render.
  useEffect(() => {
    if (hash.length > 1) showSection(decodeURIComponent(hash.slice(1)));
  }, [hash, key, showSection]);

  // The header and footer ask for sections by event when the section is not in the page.
  useEffect(() => {
    const onRequest = (event: Event) => {
      if (event instanceof CustomEvent && typeof event.detail === 'string') showSection(event.detail);
    };
    window.addEventListener(SECTION_REQUEST_EVENT, onRequest);
    return () => window.removeEventListener(SECTION_REQUEST_EVENT, onRequest);
  }, [showSection]);

  return (
    <>
      <Hero onPick={showSection} />
      <CategoryBar onPick={showSection} />
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
        <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
          <TabsList className="flex w-full sm:inline-flex sm:w-auto" aria-label="How do you want to book?">
            <TabsTrigger value="individual">Individual Services</TabsTrigger>
            <TabsTrigger value="unified">
              <Layers className="size-4" aria-hidden="true" />
              Unified Booking
            </TabsTrigger>
          </TabsList>
          <TabsContent ref={sectionsRef} value="individual" className="mt-6 grid gap-6 sm:gap-8">
            <FoodDeliverySection />
            <LazySection id={SECTION_IDS.hotels} title="Hotels" load={sections.hotels} loadNow={loadAll} />
            <LazySection id={SECTION_IDS.flights} title="Flights" load={sections.flights} loadNow={loadAll} />
            <LazySection id={SECTION_IDS.shipping} title="Shipping" load={sections.shipping} loadNow={loadAll} />
            <LazySection id={SECTION_IDS.cars} title="Car Rental" load={sections.cars} loadNow={loadAll} />
            <LazySection id={SECTION_IDS.taxi} title="Taxi" load={sections.taxi} loadNow={loadAll} />
            <LazySection id={SECTION_IDS.property} title="Property Rental" load={sections.property} loadNow={loadAll} />
            <div id={SECTION_IDS.additionalServices} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
              <LazySection id={SECTION_IDS.services} title="Additional Services" load={sections.services} loadNow={loadAll} />
            </div>
            <LazySection id={SECTION_IDS.general} title="General Services" load={sections.general} loadNow={loadAll} />
          </TabsContent>
          <TabsContent value="unified" className="mt-6">
            <Suspense fallback={<PageSpinner />}>
              <UnifiedBooking />
            </Suspense>
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

function Hero({ onPick }: { onPick: (id: string) => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 text-white">
      <div className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
      <div className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-accent-400/20 blur-3xl" aria-hidden="true" />
      <div className="relative mx-auto w-full max-w-6xl px-4 py-12 text-center sm:py-16 md:py-20">
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl md:text-6xl">
          Go <span className="text-accent-400">Live</span>
        </h1>
        <p className="mt-3 text-xl font-semibold text-brand-50 sm:text-2xl">Your Complete Service Platform</p>
        <p className="mx-auto mt-3 max-w-xl text-balance text-sm text-brand-100 sm:text-base">
          {/* Inline rather than a flex item, so on narrow screens the icon stays with the first word. */}
          <Globe className="mr-1.5 inline size-4 align-[-0.125em]" aria-hidden="true" />
          33+ general-service categories, available in 195+ countries.
        </p>
        <HomeSearchBox />
        <nav aria-label="Jump to a service" className="mx-auto mt-8 max-w-3xl">
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 md:grid-cols-8">
            {CATEGORY_SHORTCUTS.map(({ label, anchor, icon: Icon }) => (
              <li key={anchor}>
                <button
                  type="button"
                  onClick={() => onPick(anchor)}
                  className="flex w-full flex-col items-center gap-1.5 rounded-xl bg-white/10 px-1 py-3 text-sm font-medium text-white ring-1 ring-white/20 transition-colors hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                >
                  <Icon className="size-6" aria-hidden="true" />
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

function CategoryBar({ onPick }: { onPick: (id: string) => void }) {
  return (
    <nav aria-label="Service categories" className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <ul className="scrollbar-none mx-auto flex w-full max-w-6xl gap-2 overflow-x-auto px-4 py-2.5">
        {CATEGORY_SHORTCUTS.map(({ label, anchor, icon: Icon }) => (
          <li key={anchor} className="shrink-0">
            <button
              type="button"
              onClick={() => onPick(anchor)}
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-gray-200 bg-white px-3 text-sm font-medium text-gray-700 transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
