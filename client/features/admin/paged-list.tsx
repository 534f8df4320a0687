import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { fetchPage } from '@client/lib/paged';
import { Button } from '@client/ui/button';

/**
 * An admin table's rows, a page at a time (issue 29: the admin API pages every table): the first page from `url`,
 * then each next page the answer's Link names. `total` is the X-Total-Count of the newest page read (null when the
 * server sent none). Invalidating `queryKey` reloads every page shown so far.
 */
export function usePagedList<T>(queryKey: QueryKey, url: string) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: url,
    queryFn: ({ pageParam }) => fetchPage<T>(pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const total = pages.length > 0 ? pages[pages.length - 1].total : null;
  return { query, rows, total };
}

/** Under a paged table: how many rows are shown of how many, and Show more while there are more. */
export function ShowMore({ shown, total, noun, list }: { shown: number; total: number | null; noun: string; list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-600" aria-live="polite">
        {total !== null ? `Showing ${shown} of ${total} ${noun}` : `Showing ${shown} ${noun}`}
      </p>
      {list.hasNextPage ? (
        <Button variant="outline" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
