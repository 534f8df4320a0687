/**
 * Seeds the demo customers and their reviews, so every seeded rating is the true average of its listing's
 * reviews (ADR 013). Each rated listing with a seeded rating R gets ten reviews from ten different demo customers
 * whose stars sum to 10 x R exactly (e.g. 4.7: seven 5s and three 4s). The demo customers cannot sign in (their
 * password hash is not a hash); they exist as authors. Runs once (seed_runs 'reviews-v1'), also on a database
 * seeded before reviews existed, and recomputes the ratings and counts from the reviews it wrote.
 */
import { and, eq, sql } from 'drizzle-orm';
import { LISTING_KIND_LIST } from '../../../domain/catalogue/kinds';
import type { Db } from '../connect';
import { reviews, seedRuns, users } from '../schema';
import { listRows, serverKind, updateRow } from '../../modules/catalogue/kinds';

export const REVIEWS_SEED_NAME = 'reviews-v1';
export const REVIEWS_PER_LISTING = 10;

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

const COMMENTS: Record<number, readonly string[]> = {
  5: ['Excellent from start to finish, would book again.', 'Absolutely wonderful. Everything was exactly as described.', 'Top notch service and very friendly people.', 'Best experience I have had on Go Live so far.'],
  4: ['Very good overall, a couple of small things could be better.', 'Great value and easy to book. Recommended.', 'Solid choice, friendly and on time.', 'Really nice, just a little slow at the start.'],
  3: ['Fine, nothing special.', 'Okay experience, some things were great and some were not.', 'Average. It did the job.'],
  2: ['Not great, it did not match the description.', 'Disappointing for the price.'],
  1: ['Would not recommend.', 'Poor experience overall.'],
};

/** Ten star ratings (1-5) whose sum is 10 x rating exactly; empty when the rating is 0 (an unrated listing). */
export function ratingsFor(rating: number): number[] {
  const total = Math.round(rating * REVIEWS_PER_LISTING);
  if (total < REVIEWS_PER_LISTING) return [];
  const base = Math.floor(total / REVIEWS_PER_LISTING);
  const extra = total - base * REVIEWS_PER_LISTING;
  return Array.from({ length: REVIEWS_PER_LISTING }, (_, i) => (i < extra ? base + 1 : base));
}

export async function seedReviews(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: REVIEWS_SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { seeded: false };
    const customers: number[] = [];
    for (const name of DEMO_CUSTOMERS) {
      const username = name.toLowerCase().replace(/[^a-z]+/g, '.');
      const email = `${username}@customers.golive.local`;
      await tx.insert(users).values({ username, email, passwordHash: '!demo-customer-cannot-sign-in', role: 'user' }).onConflictDoNothing();
      const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, email)));
      customers.push(u.id);
    }
    let n = 0;
    for (const info of LISTING_KIND_LIST.filter((k) => k.rated)) {
      const kind = serverKind(info.kind);
      for (const row of await listRows(tx, kind)) {
        const id = row.id as number;
        const stars = ratingsFor(Number(row.rating));
        if (stars.length === 0) continue;
        const values = stars.map((rating, i) => {
          n += 1;
          const pool = COMMENTS[rating];
          const at = new Date(now.getTime() - ((id * 7 + i * 11) % 120 + 1) * 86_400_000 - i * 3_600_000);
          return {
            userId: customers[i],
            serviceType: info.serviceType,
            serviceId: id,
            rating,
            comment: i % 4 === 3 ? null : pool[(id + i) % pool.length],
            helpful: 0,
            verified: false,
            createdAt: at,
            updatedAt: at,
          };
        });
        await tx.insert(reviews).values(values).onConflictDoNothing();
        const [s] = await tx
          .select({ count: sql<number>`count(*)::int`, avg: sql<string>`round(avg(${reviews.rating})::numeric, 1)::text` })
          .from(reviews)
          .where(and(eq(reviews.serviceType, info.serviceType), eq(reviews.serviceId, id), eq(reviews.hidden, false)));
        await updateRow(tx, kind, id, { rating: s.avg ?? '0.0', reviewCount: Number(s.count) });
      }
    }
    return { seeded: n > 0 };
  });
}
