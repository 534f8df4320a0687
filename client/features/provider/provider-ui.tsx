import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { Button } from '@client/ui/button';

/** A query that failed: what could not be loaded, why, and Retry. */
export function QueryError({ query, what }: { query: Pick<UseQueryResult<unknown>, 'error' | 'refetch'>; what: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>
        Could not load {what}: {parseApiError(query.error).message ?? 'the server did not answer.'}
      </p>
      <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** An empty list, said plainly. */
export function EmptyNote({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">{children}</p>;
}
