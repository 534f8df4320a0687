/**
 * Seeds the demo customers and their reviews (issue 26): few (0 to 6 per listing, varying), each text written for its
 * listing (a restaurant's review names one of its own dishes, a hotel's its name or city), none repeated anywhere,
 * dated over the past eight months. Every rated listing's stored rating and review count are then computed from the
 * visible reviews that exist, so a listing without reviews shows 'New' and none claims reviews it does not have.
 * A seed listing's `rating` (catalogue-data.ts) is only the level its reviews are drawn around.
 *
 * The demo customers cannot sign in (their password hash is not a hash); they exist as authors. Runs once per
 * database (seed_runs 'reviews-v2'); on a database seeded before, the old reviews of the demo customers (ten per
 * listing, 'reviews-v1') are replaced. Customers' own reviews are kept and counted.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LISTING_KINDS, type ListingKind } from '../../../domain/catalogue/kinds';
import type { Db } from '../connect';
import { reviews, seedRuns, users } from '../schema';
import { listRows, serverKind, updateRow } from '../../modules/catalogue';
import { CARS, GENERAL_SERVICES, HOTELS, PROPERTIES, RESTAURANTS, TAXI_RIDES } from './catalogue-data';
import { menuFor } from './menus';

export const REVIEWS_SEED_NAME = 'reviews-v2';
/** At most this many seeded reviews per listing. */
export const MAX_SEEDED_REVIEWS = 6;

export const DEMO_CUSTOMERS = [
  'Ava Martin',
  'Noah Chen',
  'Mia Rossi',
  'Liam Okafor',
  'Sofia Novak',
  'Lucas Silva',
  'Emma Dubois',
  'Ethan Kowalski',
  'Zoe Tanaka',
  'Omar Haddad',
] as const;

/** The demo customers' e-mail addresses (one domain no real person has). */
export const DEMO_CUSTOMER_DOMAIN = 'customers.golive.local';

/** What a review may name: the listing's name, its city, a dish of its own menu, its kind of place. */
export type ReviewSubject = { name: string; city: string; dishes: readonly string[]; type: string };
type Template = (s: ReviewSubject, dish: string) => string;

const lower = (s: string) => s.toLowerCase();

/** Per kind and star level, sentences a customer would write; each names something only that listing has. */
const TEMPLATES: Record<RatedKind, Record<1 | 2 | 3 | 4 | 5, readonly Template[]>> = {
  restaurant: {
    5: [
      (s, d) => `Best ${d} I have had in ${s.city}. Arrived hot and well packed.`,
      (_, d) => `Our go-to on busy weeknights; we always get the ${d}.`,
      (_, d) => `Ordered for the whole office and the ${d} disappeared first.`,
      (_, d) => `Tastes like the real thing, especially the ${d}. Generous portions, and the driver was early.`,
      (_, d) => `Everything arrived hot and the ${d} stole the show. Ordering again this week.`,
      (_, d) => `You can tell they make the ${d} fresh. Big flavour without being heavy.`,
      (_, d) => `First time trying the ${d} and now I am hooked.`,
      (_, d) => `Perfectly packed, nothing spilled, and the ${d} tasted outstanding.`,
    ],
    4: [
      (_, d) => `Really enjoyed the ${d}; the portion was a little small for the price.`,
      (_, d) => `Solid ${d} at a fair price. Delivery ran about ten minutes past the estimate.`,
      (_, d) => `Tasty ${d}, if a touch salty for me. Still a reliable spot.`,
      (_, d) => `Enjoyed the ${d} and it travelled well. They forgot the napkins, a small thing.`,
      (_, d) => `Good ${d}, not quite as good as eating in but close.`,
      (_, d) => `We liked the ${d}. The order took a while to be picked up from the restaurant.`,
    ],
    3: [
      (_, d) => `The ${d} arrived lukewarm; fine, but not great.`,
      (_, d) => `Average ${d}. Nothing wrong with it, nothing memorable either.`,
      (_, d) => `Hit and miss: loved the ${d}, the rest of the order was bland.`,
    ],
    2: [(_, d) => `The ${d} arrived cold and soggy.`, (_, d) => `Waited over an hour for the ${d}; tasty, but not worth the wait.`],
    1: [(_, d) => `Received someone else's order instead of the ${d}, and nobody answered the phone.`],
  },
  hotel: {
    5: [
      (s) => `Spotless room and a warm welcome at ${s.name}. A perfect base for exploring ${s.city}.`,
      (s) => `The staff at ${s.name} knew our names by the second day. We would stay again.`,
      (s) => `Booked ${s.name} for our anniversary and they left a card and chocolates in the room. Lovely touch.`,
      (s) => `Quiet room, great bed and a breakfast worth getting up for. The best night's sleep we had in ${s.city}.`,
      (s) => `You can see most of ${s.city} on foot from ${s.name}. Faultless.`,
    ],
    4: [
      (s) => `Comfortable stay at ${s.name}. The room was a little smaller than in the photos.`,
      (s) => `Great location in ${s.city}; the lift was slow at busy times.`,
      (s) => `Friendly check-in and a clean room. The Wi-Fi at ${s.name} dropped out now and then.`,
      (s) => `Good value for ${s.city}. Street noise until late, so bring earplugs.`,
    ],
    3: [
      (s) => `${s.name} was fine for a night or two, but the room needs a refresh.`,
      (s) => `Decent spot in ${s.city}, but check-in took forty minutes.`,
    ],
    2: [(s) => `Our room at ${s.name} was not cleaned during the stay, though we asked twice.`],
    1: [(s) => `Overbooked when we arrived in ${s.city} and moved to a smaller room without an apology.`],
  },
  car: {
    5: [
      (s) => `The ${s.name} was spotless and pickup took five minutes.`,
      (s) => `Smooth drive in the ${s.name}, and returning it was quick.`,
      (s) => `Took the ${s.name} on a road trip and it was perfect. No surprise fees.`,
      (s) => `Nearly new ${s.name} with everything we needed. Friendly staff at the counter.`,
    ],
    4: [
      (s) => `The ${s.name} drove well; there was a small scratch they had already noted.`,
      (s) => `Good ${s.name} at a fair price. The pickup queue was a bit long.`,
      (s) => `Clean ${s.name}, though the phone holder was missing.`,
    ],
    3: [
      (s) => `The ${s.name} was fine, but the inside had not been cleaned before pickup.`,
      (s) => `The ${s.name} came with the tank a quarter empty. Otherwise okay.`,
    ],
    2: [(s) => `The ${s.name} had a warning light on from the start and swapping it took an hour.`],
    1: [(s) => `Charged for fuel on the ${s.name} although I brought it back full.`],
  },
  property: {
    5: [
      (s) => `${s.name} was exactly as described, and the landlord answered every question the same day.`,
      (s) => `Loved living at ${s.name}. Bright, quiet and close to transit.`,
      (s) => `Moving into ${s.name} was easy: keys and instructions were ready when we arrived.`,
      (s) => `A great ${lower(s.type)} in ${s.city}. ${s.name} has new appliances and everything works.`,
    ],
    4: [
      (s) => `${s.name} is comfortable and well placed; the heating took a while to fix in winter.`,
      (s) => `Good value for ${s.city}, though ${s.name} is smaller than it looks in the photos.`,
      (s) => `Nice place overall. The laundry at ${s.name} is shared and often busy.`,
    ],
    3: [
      (s) => `${s.name} is okay, but the street gets noisy at night.`,
      (s) => `Repairs at ${s.name} took weeks to happen.`,
    ],
    2: [(s) => `The listing for ${s.name} left out the construction next door.`],
    1: [(s) => `The deposit for ${s.name} took two months to come back.`],
  },
  'taxi-ride': {
    5: [
      (s) => `${s.name} ride on time, and the driver knew a way around the traffic.`,
      (s) => `Clean car, friendly driver and a fair ${s.name} fare.`,
      (s) => `Took a 5 a.m. ${s.name} ride to the airport and the driver was already waiting.`,
      (s) => `The ${s.name} driver helped with our bags and the car was spotless.`,
    ],
    4: [
      (s) => `Good ${s.name} ride; the car was a few minutes late.`,
      (s) => `Comfortable ${s.name} trip. The driver's music was a bit loud.`,
      (s) => `Fair price for the ${s.name} and a smooth ride, but the pickup spot was confusing.`,
    ],
    3: [
      (s) => `The ${s.name} ride was fine, but the driver took the long way.`,
      (s) => `Average ${s.name} trip; the car smelled strongly of air freshener.`,
    ],
    2: [(s) => `Waited twenty minutes for the ${s.name} and then it was cancelled.`],
    1: [(s) => `The ${s.name} driver was on the phone for the whole ride.`],
  },
  'general-service': {
    5: [
      (s) => `${s.name} did a fantastic job from start to finish.`,
      (s) => `Booked ${s.name} twice now, on time and professional both times.`,
      (s) => `A clear quote up front from ${s.name}, and no surprises on the bill.`,
      (s) => `${s.name} went above and beyond. Highly recommended.`,
      (s) => `Friendly, skilled and punctual: ${s.name} is our first call from now on.`,
    ],
    4: [
      (s) => `Good work from ${s.name}; they arrived a little after the booked time.`,
      (s) => `${s.name} was professional, though finding a time took a few messages.`,
      (s) => `Happy with ${s.name}, though it cost a little more than I expected.`,
    ],
    3: [
      (s) => `${s.name} got it done, but communication could be better.`,
      (s) => `An okay experience with ${s.name}. We had to rebook once.`,
    ],
    2: [(s) => `${s.name} cancelled on the morning of the appointment.`],
    1: [(s) => `Not happy with ${s.name}: the job had to be redone.`],
  },
};

type RatedKind = Extract<ListingKind, 'restaurant' | 'hotel' | 'car' | 'property' | 'taxi-ride' | 'general-service'>;

/** How many reviews each seeded listing gets, in the order of its seed list (0 = a 'New' listing). */
const REVIEW_COUNTS: Record<RatedKind, readonly number[]> = {
  restaurant: [6, 4, 5, 3, 2, 5, 4, 1, 6, 3, 0, 4, 2, 5, 3, 0],
  hotel: [5, 3, 4, 2, 6, 4, 3, 1, 2, 0],
  car: [4, 2, 3, 5, 1, 3, 6, 2, 0, 4],
  property: [3, 2, 5, 4, 0, 3, 6, 2, 1, 4, 2, 0],
  'taxi-ride': [5, 6, 3],
  'general-service': [4, 6, 2, 5, 3, 1, 4, 0, 3, 5, 2, 6],
};

/** 'Regina' from '2130 Albert St, Regina, SK S4P 2V1' (a street address) or from 'Regina, SK' (a place). */
function city(place: string): string {
  const parts = place.split(',').map((p) => p.trim());
  return parts.length > 1 && /\d/.test(parts[0]) ? parts[1] : parts[0];
}

/** The dishes a customer names in a review: starters and mains, without a portion note ('Pork Gyoza (6 pieces)'). */
function dishesOf(restaurant: string): string[] {
  return menuFor(restaurant)
    .filter((m) => m.category === 'Starters' || m.category === 'Mains')
    .map((m) => m.name.replace(/\s*\([^)]*\)$/, ''));
}

/** The ride types carry no seed rating: the levels their reviews are drawn around (Economy, Premium, SUV/Van). */
const TAXI_LEVELS = [4.4, 4.7, 4.5];

/** The seeded listings of each rated kind: what their reviews may name and the level they are drawn around. */
export const REVIEW_SUBJECTS: Record<RatedKind, Array<ReviewSubject & { target: number }>> = {
  restaurant: RESTAURANTS.map((r) => ({ name: r.name, city: city(r.address ?? ''), dishes: dishesOf(r.name), type: r.cuisine, target: Number(r.rating) })),
  hotel: HOTELS.map((h) => ({ name: h.name, city: city(h.location), dishes: [], type: 'hotel', target: Number(h.rating) })),
  car: CARS.map((c) => ({ name: c.model, city: c.location ?? '', dishes: [], type: c.category, target: Number(c.rating) })),
  property: PROPERTIES.map((p) => ({ name: p.title, city: city(p.location), dishes: [], type: p.type, target: Number(p.rating) })),
  'taxi-ride': TAXI_RIDES.map((t, i) => ({ name: t.type, city: '', dishes: [], type: t.type, target: Number(t.rating ?? TAXI_LEVELS[i] ?? 4.5) })),
  'general-service': GENERAL_SERVICES.map((g) => ({ name: g.name, city: '', dishes: [], type: g.category, target: Number(g.rating) })),
};

const KIND_ORDER: readonly RatedKind[] = ['restaurant', 'hotel', 'car', 'property', 'taxi-ride', 'general-service'];

export type PlannedReview = { customer: number; rating: number; comment: string | null; daysAgo: number; hour: number };

/**
 * `count` star ratings (1-5) averaging `target` as closely as whole stars allow; a listing with four or more
 * reviews on an even position has one 4 and one other 4 spread to a 5 and a 3 (same sum), so not every page reads
 * alike.
 */
export function starsFor(target: number, count: number, spread: boolean): number[] {
  if (count === 0) return [];
  const total = Math.min(5 * count, Math.max(count, Math.round(target * count)));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  const stars = Array.from({ length: count }, (_, i) => (i < extra ? base + 1 : base));
  const fours = stars.flatMap((s, i) => (s === 4 ? [i] : []));
  if (spread && count >= 4 && fours.length >= 2) {
    stars[fours[0]] = 5;
    stars[fours[1]] = 3;
  }
  return stars.sort((a, b) => b - a);
}

/**
 * The reviews of the `index`-th seeded listing of `kind`: who (a demo customer, each once), how many stars, what
 * they wrote (a template not yet used for this listing, or no text: about one in four leave only stars, and so does
 * anyone once the listing's templates of that level are used up) and how many days ago (3 to 240).
 */
export function reviewPlan(kind: RatedKind, index: number, subject: ReviewSubject & { target: number }): PlannedReview[] {
  const count = REVIEW_COUNTS[kind][index] ?? 0;
  const k = KIND_ORDER.indexOf(kind);
  const stars = starsFor(subject.target, count, index % 2 === 0);
  const used = new Set<string>();
  return stars.map((rating, j) => {
    const level = rating as 1 | 2 | 3 | 4 | 5;
    const pool = TEMPLATES[kind][level];
    let comment: string | null = null;
    if ((index + j + k) % 4 !== 3) {
      for (let step = 0; step < pool.length && comment === null; step++) {
        const t = (index * 3 + j + step) % pool.length;
        if (used.has(`${level}:${t}`)) continue;
        used.add(`${level}:${t}`);
        const dish = subject.dishes.length > 0 ? subject.dishes[(index * 2 + j) % subject.dishes.length] : '';
        comment = pool[t](subject, dish);
      }
    }
    return {
      customer: (index * 3 + k + j) % DEMO_CUSTOMERS.length,
      rating,
      comment,
      daysAgo: 3 + ((index * 41 + j * 67 + k * 13) % 238),
      hour: (index * 5 + j * 7) % 24,
    };
  });
}

export async function seedReviews(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: REVIEWS_SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { seeded: false };
    const customers: number[] = [];
    for (const name of DEMO_CUSTOMERS) {
      const username = name.toLowerCase().replace(/[^a-z]+/g, '.');
      const email = `${username}@${DEMO_CUSTOMER_DOMAIN}`;
      await tx.insert(users).values({ username, email, passwordHash: '!demo-customer-cannot-sign-in', role: 'user' }).onConflictDoNothing();
      const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      customers.push(u.id);
    }
    // A database seeded before: the demo customers' old reviews (ten per listing, repeated texts) go.
    await tx.delete(reviews).where(inArray(reviews.userId, customers));

    let n = 0;
    for (const kind of KIND_ORDER) {
      const info = LISTING_KINDS[kind];
      const sk = serverKind(kind);
      const rows = await listRows(tx, sk);
      // The seeded listing of a name is the first one (a provider may have registered a namesake later).
      const byName = new Map<string, number>();
      for (const row of rows) {
        const name = String(row[info.nameKey]);
        if (!byName.has(name)) byName.set(name, row.id as number);
      }
      for (const [index, subject] of REVIEW_SUBJECTS[kind].entries()) {
        const id = byName.get(subject.name);
        if (id === undefined) continue;
        const values = reviewPlan(kind, index, subject).map((p) => {
          const at = new Date(now.getTime() - p.daysAgo * 86_400_000 - p.hour * 3_600_000);
          return { userId: customers[p.customer], serviceType: info.serviceType, serviceId: id, rating: p.rating, comment: p.comment, helpful: 0, verified: false, createdAt: at, updatedAt: at };
        });
        if (values.length === 0) continue;
        n += values.length;
        await tx.insert(reviews).values(values).onConflictDoNothing();
      }
      // Every listing of the kind: its rating and count are those of the visible reviews it has (none: 'New').
      const summaries = await tx
        .select({ id: reviews.serviceId, count: sql<number>`count(*)::int`, avg: sql<string>`round(avg(${reviews.rating})::numeric, 1)::text` })
        .from(reviews)
        .where(and(eq(reviews.serviceType, info.serviceType), eq(reviews.hidden, false), isNull(reviews.withdrawnAt)))
        .groupBy(reviews.serviceId);
      const byId = new Map(summaries.map((s) => [s.id, s]));
      for (const row of rows) {
        const s = byId.get(row.id as number);
        await updateRow(tx, sk, row.id as number, { rating: s?.avg ?? '0.0', reviewCount: s ? Number(s.count) : 0 });
      }
    }
    return { seeded: n > 0 };
  });
}
