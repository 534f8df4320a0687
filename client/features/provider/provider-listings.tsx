import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { PROVIDER_KIND_LABEL, PROVIDER_KINDS, type ProviderKind } from '@domain/provider/schemas';
import { cn } from '@client/lib/cn';
import { pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Input, fieldClasses } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { ShowMore, usePagedList } from '@client/features/admin/paged-list';
import { EmptyNote, QueryError } from './provider-ui';

/** Where a listing's editor lives. */
export const editorPath = (listing: { kind: ProviderKind; id: number }) => `/provider/listings/${listing.kind}/${listing.id}`;

/**
 * /provider/listings: my listings as a list (found by name, filtered by kind), each opening its own editor page. The
 * list comes a page at a time (issue 29), with Show more while there are more; the search and the kind filter
 * look through the listings loaded so far.
 */
export function ListingsSection() {
  const searchId = useId();
  const kindId = useId();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<ProviderKind | 'all'>('all');
  const { query: listings, rows, total } = usePagedList('/api/provider/listings');
  const all = useMemo(() => rows, [rows]);
  const kinds = useMemo(() => PROVIDER_KINDS.filter((k) => all.some((l) => l.kind === k)), [all]);
  const needle = text.trim().toLowerCase();
  const shown = all.filter((l) => (kind === 'all' || l.kind === kind) && (!needle || l.name.toLowerCase().includes(needle)));

  return (
    <section aria-labelledby="listings-heading" className="grid gap-4">
      <h2 id="listings-heading" className="text-xl font-semibold text-gray-900">
        Listings
      </h2>
      {listings.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading your listings">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : listings.isError ? (
        <QueryError query={listings} what="your listings" />
      ) : all.length === 0 ? (
        <EmptyNote>You have no listings yet. Once the team approves your registration, it appears here.</EmptyNote>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 gap-1">
              <label htmlFor={searchId} className="text-sm font-medium text-gray-700">
                Find a listing
              </label>
              <Input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name" autoComplete="off" />
            </div>
            {kinds.length > 1 ? (
              <div className="grid gap-1">
                <label htmlFor={kindId} className="text-sm font-medium text-gray-700">
                  Kind
                </label>
                <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as ProviderKind | 'all')} className={cn(fieldClasses, 'h-10 w-auto')}>
                  <option value="all">All kinds</option>
                  {kinds.map((k) => (
                    <option key={k} value={k}>
                      {PROVIDER_KIND_LABEL[k]}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          {listings.hasNextPage ? null : (
            <p className="text-sm text-gray-600" aria-live="polite">
              {shown.length === all.length ? pluralize(all.length, 'listing') : `${shown.length} of ${pluralize(all.length, 'listing')}`}
            </p>
          )}
          {shown.length === 0 ? (
            <EmptyNote>No listing matches.</EmptyNote>
          ) : (
            <ul className="grid gap-2" aria-label="My listings">
              {shown.map((listing) => (
                <li key={`${listing.kind}:${listing.id}`}>
                  <Link
                    to={editorPath(listing)}
                    aria-label={`Edit ${listing.name}`}
                    className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-2 pr-3 transition hover:border-brand-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    {listing.image ? (
                      <img src={listing.image} alt="" loading="lazy" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />
                    ) : (
                      <span className="h-12 w-16 shrink-0 rounded bg-gray-100" aria-hidden="true" />
                    )}
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span className="truncate font-medium text-gray-900">{listing.name}</span>
                      <span className="flex flex-wrap gap-1">
                        <Badge variant="secondary">{PROVIDER_KIND_LABEL[listing.kind]}</Badge>
                        <Badge variant={listing.isActive ? 'success' : 'warning'}>{listing.isActive ? 'Active' : 'Hidden'}</Badge>
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center text-sm font-medium text-brand-700">
                      Edit
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {listings.hasNextPage ? <ShowMore shown={all.length} total={total} noun="listings" list={listings} /> : null}
        </>
      )}
    </section>
  );
}
