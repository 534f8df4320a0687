import { useInfiniteQuery } from '@tanstack/react-query';
import { apiKey, apiPage, type ApiPath, type ApiRow, type ParamsArgs } from '@client/lib/api';
import { Button } from '@client/ui/button';

/**
 * An admin table's rows, a page at a time (issue 29: the admin API pages every table): the first page of `path`,
 * then each next page the answer's Link names. `total` is the X-Total-Count of the newest page read (null when the
 * server sent none). Invalidating `apiKey(path)` reloads every page shown so far.
 */
export function usePagedList<P extends ApiPath>(path: P, ...[params]: ParamsArgs<P>) {
  const query = useInfiniteQuery({
    queryKey: apiKey(path, params),
    initialPageParam: params,
    queryFn: ({ pageParam }) => apiPage(path, ...([pageParam] as ParamsArgs<P>)),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const pages = query.data?.pages ?? [];
  const rows: ApiRow<P>[] = pages.flatMap((p) => p.data as ApiRow<P>[]);
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
