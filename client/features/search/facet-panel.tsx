import { useId, type ReactNode } from 'react';
import { FACETS_BY_KIND, PRICE_BANDS, PRICE_UNIT, type FacetCount } from '@domain/search/schemas';
import { cn } from '@client/lib/cn';
import { formatNumber } from '@domain/format';
import { KIND_PLURALS } from './result-format';
import type { SearchKind } from './search-query';
import type { ListFacet, SearchPageState } from './search-state';

/**
 * The filters of the results page, each value with its count beside it (the count the results would have with that
 * value chosen, the other filters kept): the kind (one, or all), and for one kind its category facet, its price bands
 * and a minimum rating. Native checkboxes and radios with labels, so keyboards and screen readers need nothing more.
 */

const FACET_TITLES: Record<Exclude<ListFacet, 'price'>, string> = {
  cuisine: 'Cuisine',
  stars: 'Hotel stars',
  type: 'Property type',
  category: 'Category',
  airline: 'Airline',
};

const RATING_LABELS: Record<string, string> = { '4': 'Rated 4 or more', '3': 'Rated 3 or more' };

function valueLabel(facet: string, value: FacetCount): string {
  if (value.label) return value.label;
  if (facet === 'stars') return `${value.value} stars`;
  return value.value;
}

const optionClass =
  'flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500';
const inputClass = 'size-4 shrink-0 accent-brand-600';

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return (
    <>
      <span aria-hidden="true" className="ml-auto rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium tabular-nums text-gray-600">
        {formatNumber(n)}
      </span>
      <span className="sr-only">{`(${n} ${n === 1 ? 'result' : 'results'})`}</span>
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-0.5 border-t border-gray-200 pt-3 first:border-t-0 first:pt-0">
      <legend className="mb-1 px-2 text-sm font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function FacetPanel({
  state,
  facets,
  onKind,
  onToggle,
  onRating,
}: {
  state: SearchPageState;
  facets: Record<string, FacetCount[]>;
  onKind: (kind: SearchKind | null) => void;
  onToggle: (facet: ListFacet, value: string, on: boolean) => void;
  onRating: (rating: string) => void;
}) {
  const name = useId();
  const kinds = facets.kind ?? [];
  const kindCounts = new Map(kinds.map((k) => [k.value, k.count]));
  // The kinds the server counted, and the one chosen even when it has no match now.
  const kindValues = [...kinds.map((k) => k.value as SearchKind), ...(state.kind && !kindCounts.has(state.kind) ? [state.kind] : [])];
  const ratingCounts = new Map((facets.rating ?? []).map((r) => [r.value, r.count]));
  // A kind's own facets when one kind is chosen, or when every result is of one kind ('piza': restaurants only).
  const onlyKind = state.kind ?? (kinds.length === 1 ? (kinds[0]!.value as SearchKind) : null);
  const kindFacets = onlyKind && FACETS_BY_KIND[onlyKind] ? FACETS_BY_KIND[onlyKind] : [];

  return (
    <div className="grid gap-4">
      <Group title="Kind">
        <label className={optionClass}>
          <input type="radio" className={inputClass} name={`${name}-kind`} checked={state.kind === null} onChange={() => onKind(null)} />
          All kinds
        </label>
        {kindValues.map((kind) => (
          <label key={kind} className={optionClass}>
            <input type="radio" className={inputClass} name={`${name}-kind`} checked={state.kind === kind} onChange={() => onKind(kind)} />
            {KIND_PLURALS[kind] ?? kind}
            <Count n={kindCounts.get(kind) ?? 0} />
          </label>
        ))}
      </Group>
      {kindFacets.map((facet) => {
        const values = facets[facet] ?? [];
        const chosen = state.filters[facet];
        const listed = [...values, ...chosen.filter((v) => !values.some((f) => f.value === v)).map((value) => ({ value, count: 0 }))];
        if (listed.length === 0) return null;
        return (
          <Group key={facet} title={FACET_TITLES[facet]}>
            {listed.map((value) => (
              <label key={value.value} className={optionClass}>
                <input
                  type="checkbox"
                  className={inputClass}
                  checked={chosen.includes(value.value)}
                  onChange={(e) => onToggle(facet, value.value, e.target.checked)}
                />
                {valueLabel(facet, value)}
                <Count n={value.count} />
              </label>
            ))}
          </Group>
        );
      })}
      {state.kind ? <PriceGroup kind={state.kind} state={state} facets={facets} onToggle={onToggle} /> : null}
      <Group title="Rating">
        <label className={optionClass}>
          <input type="radio" className={inputClass} name={`${name}-rating`} checked={state.rating === ''} onChange={() => onRating('')} />
          Any rating
        </label>
        {(['4', '3'] as const).map((value) => (
          <label key={value} className={optionClass}>
            <input type="radio" className={inputClass} name={`${name}-rating`} checked={state.rating === value} onChange={() => onRating(value)} />
            {RATING_LABELS[value]}
            <Count n={ratingCounts.get(value)} />
          </label>
        ))}
      </Group>
    </div>
  );
}

function PriceGroup({
  kind,
  state,
  facets,
  onToggle,
}: {
  kind: SearchKind;
  state: SearchPageState;
  facets: Record<string, FacetCount[]>;
  onToggle: (facet: ListFacet, value: string, on: boolean) => void;
}) {
  const counts = new Map((facets.price ?? []).map((p) => [p.value, p.count]));
  return (
    <Group title={`Price (${PRICE_UNIT[kind]})`}>
      {PRICE_BANDS[kind].map((band) => (
        <label key={band.value} className={cn(optionClass)}>
          <input
            type="checkbox"
            className={inputClass}
            checked={state.filters.price.includes(band.value)}
            onChange={(e) => onToggle('price', band.value, e.target.checked)}
          />
          {band.label}
          <Count n={counts.get(band.value) ?? 0} />
        </label>
      ))}
    </Group>
  );
}
