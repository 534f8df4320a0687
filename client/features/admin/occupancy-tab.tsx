import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { DAY_KINDS, type DayKind } from '@domain/availability/schemas';
import { PROVIDER_KIND_LABEL } from '@domain/provider/schemas';
import { apiKey, apiPage, type ApiParams } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDate } from '@domain/format';
import { Button } from '@client/ui/button';
import { TableScroll, TableState, tdClass, thClass } from './admin-ui';
import { percent, sortOccupancy, usedText, type OccupancySort } from './occupancy';

export const OCCUPANCY_KEY = apiKey('/api/admin/occupancy');

/**
 * The Occupancy tab (issue 25): each listing with capacity, how full it is over the coming 30 days. The server pages
 * it (issue 29): the kind is asked of the server, Show more reads the next page, and the sort orders the listings
 * loaded so far.
 */
export function OccupancyTab() {
  const [sort, setSort] = useState<OccupancySort>('desc');
  const [kind, setKind] = useState<DayKind | ''>('');
  const occupancy = useInfiniteQuery({
    queryKey: apiKey('/api/admin/occupancy', { query: { kind: kind || undefined } }),
    initialPageParam: { query: { kind: kind || undefined } } as ApiParams<'/api/admin/occupancy'>,
    queryFn: async ({ pageParam }) => {
      // One page (issue 29): its window and listings, how many listings match in all, the next page's parameters.
      const page = await apiPage('/api/admin/occupancy', pageParam);
      return { ...page.data, total: page.total, next: page.next };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    // Another kind keeps the table in place until its first page is in.
    placeholderData: keepPreviousData,
  });

  if (occupancy.isPending) return <TableState status="pending" label="occupancy" />;
  if (occupancy.isError && !occupancy.data) return <TableState status="error" label="occupancy" onRetry={() => void occupancy.refetch()} />;
  const pages = occupancy.data.pages;
  const { from, to } = pages[0];
  const listings = pages.flatMap((p) => p.listings);
  const total = pages[pages.length - 1].total;
  if (listings.length === 0 && kind === '' && !occupancy.isPlaceholderData) return <TableState status="empty" label="occupancy" emptyText="No listings with capacity yet." />;

  const rows = sortOccupancy(listings, sort, kind);
  const left = total !== null ? Math.max(0, total - listings.length) : null;
  const window = `${formatDate(`${from}T00:00:00`)} – ${formatDate(`${to}T00:00:00`)}`;
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-gray-700">
          Booked and held units over the next 30 days ({window}), blocked days left out.
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="occupancy-kind" className="text-sm font-medium text-gray-700">
            Kind
          </label>
          <select
            id="occupancy-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as DayKind | '');
            }}
            className="h-9 max-w-full rounded-md border border-gray-300 bg-white px-2 text-sm"
          >
            <option value="">All kinds</option>
            {DAY_KINDS.map((k) => (
              <option key={k} value={k}>
                {PROVIDER_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {rows.length === 0 ? (
        <TableState status="empty" label="occupancy" emptyText="No listings of this kind." />
      ) : (
        <TableScroll label="Occupancy table">
          <table className="min-w-full divide-y divide-gray-200">
            <caption className="sr-only">
              Occupancy per listing, {window}, sorted by occupancy {sort === 'desc' ? 'highest first' : 'lowest first'}
            </caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={thClass}>
                  Listing
                </th>
                <th scope="col" className={thClass}>
                  Kind
                </th>
                <th scope="col" className={cn(thClass, 'text-right')}>
                  Capacity
                </th>
                <th scope="col" className={thClass} aria-sort={sort === 'desc' ? 'descending' : 'ascending'}>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="-mx-2 h-7 px-2 text-xs font-semibold uppercase tracking-wide text-gray-600"
                    onClick={() => setSort(sort === 'desc' ? 'asc' : 'desc')}
                  >
                    Occupancy
                    {sort === 'desc' ? <ArrowDown className="size-3.5" aria-hidden="true" /> : <ArrowUp className="size-3.5" aria-hidden="true" />}
                    <span className="sr-only">, sorted {sort === 'desc' ? 'highest first' : 'lowest first'}; sort {sort === 'desc' ? 'lowest' : 'highest'} first</span>
                  </Button>
                </th>
                <th scope="col" className={thClass}>
                  Used / capacity
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 bg-white">
              {rows.map((r) => {
                const pct = percent(r.occupancy);
                const width = Math.round(Math.min(1, Math.max(0, r.occupancy)) * 100);
                return (
                  <tr key={`${r.kind}:${r.id}`}>
                    <td className={cn(tdClass, 'max-w-64 truncate font-medium')} title={r.name}>
                      {r.name}
                    </td>
                    <td className={tdClass}>{PROVIDER_KIND_LABEL[r.kind]}</td>
                    <td className={cn(tdClass, 'text-right tabular-nums')}>{r.capacity}</td>
                    <td className={tdClass}>
                      <div className="flex items-center gap-2">
                        <div
                          role="meter"
                          aria-label={`Occupancy of ${r.name}`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={width}
                          aria-valuetext={pct}
                          className="h-2.5 w-24 overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200 sm:w-32"
                        >
                          <div
                            className={cn('h-full rounded-full', r.occupancy >= 0.9 ? 'bg-red-500' : r.occupancy >= 0.6 ? 'bg-amber-500' : 'bg-emerald-500')}
                            style={{ width: `${width}%` }}
                          />
                        </div>
                        <span className="w-10 text-right text-sm font-semibold tabular-nums text-gray-900">{pct}</span>
                      </div>
                    </td>
                    <td className={cn(tdClass, 'whitespace-nowrap tabular-nums')}>{usedText(r)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {occupancy.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={occupancy.isFetchingNextPage}
          onClick={() => void occupancy.fetchNextPage()}
        >
          {occupancy.isFetchingNextPage ? 'Loading…' : left !== null ? `Show more (${left} left)` : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
