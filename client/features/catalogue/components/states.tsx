import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertTriangle, RefreshCw, SearchX } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { isOffline, OFFLINE_TITLE } from '@client/lib/online';

/** Placeholder cards while a list loads; announced once as "Loading <label>". */
export function CardGridSkeleton({ count = 3, label, className }: { count?: number; label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      <span className="sr-only">Loading {label}…</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-gray-200">
          <Skeleton className="h-36 w-full rounded-none" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A failed load with the reason and a Retry button. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const parsed = parseApiError(error);
  const reason = isOffline()
    ? `${OFFLINE_TITLE}. This needs a connection to Go Live; try again when you are back online.`
    : parsed.status === null
      ? 'Unable to connect to the server. Check your connection.'
      : (parsed.message ?? parsed.raw);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center">
      <AlertTriangle className="size-6 text-red-600" aria-hidden="true" />
      <div>
        <p className="font-medium text-red-900">{title}</p>
        <p className="mt-1 break-words text-sm text-red-800">{reason}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** Nothing matched. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 bg-gray-50 px-4 py-8 text-center">
      <SearchX className="size-6 text-gray-400" aria-hidden="true" />
      <p className="text-sm text-gray-700">{children}</p>
      {action}
    </div>
  );
}

/** Catalogue picture with a fixed aspect so the page does not jump while it loads. */
export function CardImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return <img src={src} alt={alt} loading="lazy" className={cn('aspect-[4/3] w-full bg-gray-100 object-cover', className)} />;
}

/**
 * The states of a catalogue list query in one place: skeleton while loading, an error with Retry, the section's
 * empty message, or the list itself (rendered by `children` with the loaded items).
 */
export function QueryStates<T>({
  query,
  label,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** Plural noun for the skeleton and the error title, e.g. "hotels". */
  label: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <CardGridSkeleton label={label} />;
  if (query.isError) return <ErrorState title={`Could not load ${label}`} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

/**
 * {@link QueryStates} for a searched list (issue 29, client/features/search/use-search.ts): the same skeleton, error and
 * empty message, with the pages loaded so far (`items`) handed to `children`.
 */
export function SearchStates<T>({
  search,
  label,
  empty,
  children,
}: {
  search: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; items: readonly unknown[] };
  label: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (search.isPending) return <CardGridSkeleton label={label} />;
  if (search.isError) return <ErrorState title={`Could not load ${label}`} error={search.error} onRetry={() => void search.refetch()} />;
  if (search.items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(search.items as T[])}</>;
}
