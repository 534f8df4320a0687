/**
 * Totals and facet counts of a search from its matches grouped by what facets look at (kind, categorical values,
 * price band, rating band). The server gets those groups from the whole match set (or, for a search without words,
 * place or dates, from a table of counts) and this turns them into `total` and `facets`: each facet counted with every
 * other filter applied but not its own, so a customer sees what choosing another value would give.
 */
import {
  CATEGORICAL_FACETS,
  FACETS_BY_KIND,
  PRICE_BANDS,
  RATING_FACET_VALUES,
  type CategoricalFacet,
  type FacetCount,
  type SearchKind,
} from './schemas';

/** Matches sharing kind, facet values ('cuisine:Italian'), price band (index in PRICE_BANDS[kind], -1: none) and rating band (0, 3, 4). */
export type MatchGroup = { kind: SearchKind; facets: readonly string[]; priceBand: number; ratingBand: number; count: number };

/** The facet filters of a search, categorical values as stored. */
export type FacetFilters = {
  kind?: SearchKind;
  categorical: Partial<Record<CategoricalFacet, readonly string[]>>;
  /** Price band values ('0-100'), only with a kind. */
  price?: readonly string[];
  rating?: (typeof RATING_FACET_VALUES)[number];
};

type Filter = 'kind' | CategoricalFacet | 'price' | 'rating';

/** The facet value of a 'facet:value' entry, or undefined when it is another facet's. */
function valueOf(entry: string, facet: CategoricalFacet): string | undefined {
  return entry.startsWith(`${facet}:`) ? entry.slice(facet.length + 1) : undefined;
}

function passes(g: MatchGroup, f: FacetFilters, filter: Filter): boolean {
  switch (filter) {
    case 'kind':
      return f.kind === undefined || g.kind === f.kind;
    case 'price': {
      if (!f.price || f.price.length === 0 || !f.kind) return true;
      const bands = PRICE_BANDS[f.kind];
      return f.price.some((v) => bands.findIndex((b) => b.value === v) === g.priceBand && g.priceBand >= 0);
    }
    case 'rating':
      return f.rating === undefined || g.ratingBand >= Number(f.rating);
    default: {
      const wanted = f.categorical[filter];
      if (!wanted || wanted.length === 0) return true;
      return g.facets.some((entry) => {
        const v = valueOf(entry, filter);
        return v !== undefined && wanted.includes(v);
      });
    }
  }
}

const FILTERS: readonly Filter[] = ['kind', ...CATEGORICAL_FACETS, 'price', 'rating'];

/** Groups passing every filter. */
export const passingFilters = (groups: readonly MatchGroup[], f: FacetFilters): MatchGroup[] => passingAllBut(groups, f);

/** Groups passing every filter but `except`. */
function passingAllBut(groups: readonly MatchGroup[], f: FacetFilters, except?: Filter): MatchGroup[] {
  return groups.filter((g) => FILTERS.every((filter) => filter === except || passes(g, f, filter)));
}

const byCountThenValue = (a: FacetCount, b: FacetCount) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Counts per value, values with none left out unless chosen (a chosen value is always shown, with its count). */
function countList(counts: Map<string, number>, chosen: readonly string[] = []): FacetCount[] {
  for (const v of chosen) if (!counts.has(v)) counts.set(v, 0);
  return [...counts].filter(([v, n]) => n > 0 || chosen.includes(v)).map(([value, count]) => ({ value, count })).sort(byCountThenValue);
}

/** The facets a search shows: `kind` without a kind; the kind's categorical facets (all of them without a kind); `price` with a kind; `rating`. */
export function facetNames(kind: SearchKind | undefined): Filter[] {
  return kind ? [...FACETS_BY_KIND[kind], 'price', 'rating'] : ['kind', ...CATEGORICAL_FACETS, 'rating'];
}

export function facetCounts(groups: readonly MatchGroup[], f: FacetFilters): { total: number; facets: Record<string, FacetCount[]> } {
  const total = passingAllBut(groups, f).reduce((n, g) => n + g.count, 0);
  const facets: Record<string, FacetCount[]> = {};
  for (const name of facetNames(f.kind)) {
    const pool = passingAllBut(groups, f, name);
    if (name === 'kind') {
      const counts = new Map<string, number>();
      for (const g of pool) counts.set(g.kind, (counts.get(g.kind) ?? 0) + g.count);
      facets.kind = countList(counts);
    } else if (name === 'price') {
      const bands = PRICE_BANDS[f.kind!];
      facets.price = bands.map((band, i) => ({ value: band.value, label: band.label, count: pool.filter((g) => g.priceBand === i).reduce((n, g) => n + g.count, 0) }));
    } else if (name === 'rating') {
      facets.rating = RATING_FACET_VALUES.map((value) => ({ value, count: pool.filter((g) => g.ratingBand >= Number(value)).reduce((n, g) => n + g.count, 0) }));
    } else {
      const counts = new Map<string, number>();
      for (const g of pool) {
        for (const entry of g.facets) {
          const v = valueOf(entry, name);
          if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + g.count);
        }
      }
      facets[name] = countList(counts, f.categorical[name]);
    }
  }
  return { total, facets };
}
