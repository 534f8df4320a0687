import { LISTING_KINDS } from '@domain/catalogue/kinds';
import { Briefcase, Building, CarFront, CarTaxiFront, Hotel, Plane, Ship, UtensilsCrossed, type LucideIcon } from 'lucide-react';

/** Anchor ids of the home page sections (the car section is `car-rental`, never `cars`). */
export const SECTION_IDS = {
  food: LISTING_KINDS.restaurant.section,
  hotels: LISTING_KINDS.hotel.section,
  flights: LISTING_KINDS.flight.section,
  shipping: LISTING_KINDS['shipping-rate'].section,
  cars: LISTING_KINDS.car.section,
  taxi: LISTING_KINDS['taxi-ride'].section,
  property: LISTING_KINDS.property.section,
  services: 'services',
  additionalServices: LISTING_KINDS['additional-service'].section,
  general: LISTING_KINDS['general-service'].section,
} as const;

export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

export type CategoryShortcut = { label: string; anchor: SectionId; icon: LucideIcon };

/** The 8 shortcuts of the hero grid and the sticky category bar. */
export const CATEGORY_SHORTCUTS: readonly CategoryShortcut[] = [
  { label: 'Food', anchor: SECTION_IDS.food, icon: UtensilsCrossed },
  { label: 'Hotels', anchor: SECTION_IDS.hotels, icon: Hotel },
  { label: 'Flights', anchor: SECTION_IDS.flights, icon: Plane },
  { label: 'Ship', anchor: SECTION_IDS.shipping, icon: Ship },
  { label: 'Cars', anchor: SECTION_IDS.cars, icon: CarFront },
  { label: 'Taxi', anchor: SECTION_IDS.taxi, icon: CarTaxiFront },
  { label: 'Property', anchor: SECTION_IDS.property, icon: Building },
  { label: 'General', anchor: SECTION_IDS.general, icon: Briefcase },
];

export type SectionLink = { label: string; anchor: SectionId };

/** Header services menu (spec 000 section 2). */
export const SERVICE_MENU_LINKS: readonly SectionLink[] = [
  { label: 'Food Delivery', anchor: SECTION_IDS.food },
  { label: 'Hotels', anchor: SECTION_IDS.hotels },
  { label: 'Flights', anchor: SECTION_IDS.flights },
  { label: 'Shipping', anchor: SECTION_IDS.shipping },
  { label: 'Car Rental', anchor: SECTION_IDS.cars },
  { label: 'Taxi', anchor: SECTION_IDS.taxi },
  { label: 'Property Rental', anchor: SECTION_IDS.property },
  { label: 'Additional Services', anchor: SECTION_IDS.additionalServices },
];

/** Footer service buttons. The original's cars button missed the section; here it targets `car-rental`. */
export const FOOTER_SERVICE_LINKS: readonly SectionLink[] = [
  { label: 'Food Delivery', anchor: SECTION_IDS.food },
  { label: 'Hotels', anchor: SECTION_IDS.hotels },
  { label: 'Flights', anchor: SECTION_IDS.flights },
  { label: 'Shipping', anchor: SECTION_IDS.shipping },
  { label: 'Car Rental', anchor: SECTION_IDS.cars },
  { label: 'Taxi', anchor: SECTION_IDS.taxi },
  { label: 'Property', anchor: SECTION_IDS.property },
];
