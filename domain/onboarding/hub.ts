/**
 * The onboarding hub (/onboarding, /join): eight categories of cards (spec 001 section 2). Unlike the original,
 * every card leads to a working form: the ten dedicated forms, or the general service form pre-set to the
 * card's category (`CARD_GENERAL_CATEGORY`), rendered at /register/<slug>.
 */
import type { GeneralCategory } from './options';

export type HubCard = {
  slug: string;
  title: string;
  description: string;
  /** A lucide-react icon component name. */
  icon: string;
  /** The client route the card opens. */
  route: string;
};

export type HubCategory = { id: string; title: string; description: string; icon: string; cards: readonly HubCard[] };

/** Cards with a dedicated form, and the route of that form. */
export const DEDICATED_CARD_ROUTES: Readonly<Record<string, string>> = {
  driver: '/register/driver',
  vehicle: '/register/driver',
  'taxi-driver': '/register/driver',
  courier: '/register/shipping',
  restaurant: '/register/restaurant',
  hotel: '/register/hotel',
  property: '/register/property',
  'fashion-designer': '/register/fashion-designer',
};

/** Cards rendered as the general service form, with the category they pre-select. */
export const CARD_GENERAL_CATEGORY = {
  'coffee-shop': 'Coffee Shop',
  catering: 'Catering Service',
  'real-estate': 'General Business Services',
  'property-management': 'General Business Services',
  'hair-stylist': 'Hair Styling',
  barber: 'Barbing',
  'makeup-artist': 'Hair Styling',
  'computer-tech': 'Computer Tech',
  consultation: 'Consultation',
  training: 'Training',
  marketing: 'Marketing and Advertising',
  photography: 'Photography and Artwork',
  'event-planning': 'Event Planning',
  construction: 'Construction',
  maintenance: 'Building Maintenance',
  carpentry: 'Carpentry',
  mechanic: 'Mechanic Services',
  'electronic-repair': 'Computer and Electronic Repair',
  healthcare: 'Health Care Center',
  massage: 'Massage Therapy',
  'care-home': 'Care Home',
  daycare: 'Daycare',
  'renewable-energy': 'Renewable Energy',
  laundry: 'Laundry Service',
  printing: 'Printing',
  billboard: 'Billboard Production',
  'tie-dye': 'Tie and Dye',
  'mobile-services': 'Mobile Services',
  errand: 'Errand Services',
} as const satisfies Record<string, GeneralCategory>;
export type GeneralCardSlug = keyof typeof CARD_GENERAL_CATEGORY;

/** The route a card opens: its dedicated form, else /register/<slug> (the general form pre-set). */
export function cardRoute(slug: string): string {
  return DEDICATED_CARD_ROUTES[slug] ?? `/register/${slug}`;
}

/** True when `slug` is a card shown as the general service form. */
export function isGeneralCardSlug(slug: string): slug is GeneralCardSlug {
  return Object.prototype.hasOwnProperty.call(CARD_GENERAL_CATEGORY, slug);
}

/** Cards for a person (the form reads "Register as a …") and for a business named as such ("Register Your …"). */
const PERSON_CARDS: ReadonlySet<string> = new Set(['real-estate', 'hair-stylist', 'barber', 'makeup-artist', 'computer-tech', 'mechanic']);
const BUSINESS_CARDS: ReadonlySet<string> = new Set(['coffee-shop', 'care-home', 'daycare', 'mobile-services', 'errand']);

/**
 * The heading of a card's general service form: "Register as a Barber", "Register Your Coffee Shop",
 * "Register Your Laundry Service" (a bare activity name reads as a service).
 */
export function generalCardFormTitle(slug: GeneralCardSlug): string {
  const title = HUB_CATEGORIES.flatMap((c) => c.cards).find((c) => c.slug === slug)?.title ?? CARD_GENERAL_CATEGORY[slug];
  if (PERSON_CARDS.has(slug)) return `Register as a ${title}`;
  if (BUSINESS_CARDS.has(slug)) return `Register Your ${title}`;
  return `Register Your ${title} Service`;
}

const card = (slug: string, title: string, description: string, icon: string): HubCard => ({
  slug,
  title,
  description,
  icon,
  route: cardRoute(slug),
});

export const HUB_CATEGORIES: readonly HubCategory[] = [
  {
    id: 'transportation',
    title: 'Transportation',
    description: 'Drive, deliver and move people and parcels.',
    icon: 'Car',
    cards: [
      card('driver', 'Driver', 'Drive with us and earn on your own schedule.', 'Car'),
      card('vehicle', 'Vehicle Owner', 'Put your vehicle to work on the platform.', 'CarFront'),
      card('taxi-driver', 'Taxi Driver', 'Take ride requests in your city.', 'CarTaxiFront'),
      card('courier', 'Courier', 'Deliver parcels and documents.', 'Package'),
    ],
  },
  {
    id: 'hospitality-food',
    title: 'Hospitality and Food',
    description: 'Feed and host customers.',
    icon: 'UtensilsCrossed',
    cards: [
      card('restaurant', 'Restaurant', 'Reach hungry customers with food delivery.', 'UtensilsCrossed'),
      card('hotel', 'Hotel', 'List your rooms for travellers.', 'Hotel'),
      card('coffee-shop', 'Coffee Shop', 'Serve coffee, snacks and pastries.', 'Coffee'),
      card('catering', 'Catering', 'Cater events large and small.', 'ChefHat'),
    ],
  },
  {
    id: 'property-real-estate',
    title: 'Property and Real Estate',
    description: 'Rent, sell and manage property.',
    icon: 'Building2',
    cards: [
      card('property', 'Property Owner', 'Rent out apartments, houses and rooms.', 'House'),
      card('real-estate', 'Real Estate Agent', 'Help clients buy, sell and rent.', 'Building2'),
      card('property-management', 'Property Management', 'Manage properties for owners.', 'KeyRound'),
    ],
  },
  {
    id: 'beauty-fashion',
    title: 'Beauty and Fashion',
    description: 'Style, design and beauty services.',
    icon: 'Sparkles',
    cards: [
      card('fashion-designer', 'Fashion Designer', 'Take custom orders and alterations.', 'Shirt'),
      card('hair-stylist', 'Hair Stylist', 'Cuts, colour and styling.', 'Scissors'),
      card('barber', 'Barber', 'Cuts, shaves and grooming.', 'Scissors'),
      card('makeup-artist', 'Makeup Artist', 'Makeup for every occasion.', 'Brush'),
    ],
  },
  {
    id: 'professional',
    title: 'Professional',
    description: 'Expertise and creative services.',
    icon: 'Briefcase',
    cards: [
      card('computer-tech', 'Computer Tech', 'IT support and computer services.', 'Laptop'),
      card('consultation', 'Consultation', 'Advice for businesses and people.', 'MessageSquare'),
      card('training', 'Training', 'Courses, coaching and tutoring.', 'GraduationCap'),
      card('marketing', 'Marketing', 'Marketing and advertising services.', 'Megaphone'),
      card('photography', 'Photography', 'Photo shoots and artwork.', 'Camera'),
      card('event-planning', 'Event Planning', 'Plan and run events.', 'CalendarDays'),
    ],
  },
  {
    id: 'construction-maintenance',
    title: 'Construction and Maintenance',
    description: 'Build, fix and maintain.',
    icon: 'HardHat',
    cards: [
      card('construction', 'Construction', 'Building and renovation projects.', 'HardHat'),
      card('maintenance', 'Maintenance', 'Building upkeep and repairs.', 'Wrench'),
      card('carpentry', 'Carpentry', 'Custom woodwork and furniture.', 'Hammer'),
      card('mechanic', 'Mechanic', 'Vehicle diagnostics and repair.', 'Cog'),
      card('electronic-repair', 'Electronic Repair', 'Computer and electronics repair.', 'Cpu'),
    ],
  },
  {
    id: 'healthcare-wellness',
    title: 'Healthcare and Wellness',
    description: 'Care for body and mind.',
    icon: 'HeartPulse',
    cards: [
      card('healthcare', 'Healthcare', 'Clinics and health care centres.', 'Stethoscope'),
      card('massage', 'Massage', 'Massage therapy and relaxation.', 'Hand'),
      card('care-home', 'Care Home', 'Residential and elderly care.', 'Heart'),
      card('daycare', 'Daycare', 'Childcare you can trust.', 'Baby'),
    ],
  },
  {
    id: 'specialized',
    title: 'Specialized',
    description: 'Everything else customers need.',
    icon: 'Zap',
    cards: [
      card('renewable-energy', 'Renewable Energy', 'Solar and clean energy installs.', 'Sun'),
      card('laundry', 'Laundry', 'Washing, drying and dry cleaning.', 'WashingMachine'),
      card('printing', 'Printing', 'Print jobs of every size.', 'Printer'),
      card('billboard', 'Billboard', 'Billboard design and production.', 'Presentation'),
      card('tie-dye', 'Tie-Dye', 'Tie and dye fabrics and clothing.', 'Palette'),
      card('mobile-services', 'Mobile Services', 'Phone repair and mobile services.', 'Smartphone'),
      card('errand', 'Errand Services', 'Shopping, pick-ups and errands.', 'ShoppingBag'),
    ],
  },
];
