import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Skeleton } from '@client/ui/skeleton';

/** The pieces the payee's money cards (balance, payouts, statement) and the provider's earnings share. */

export type HeadingLevel = 'h2' | 'h3';

/**
 * A money card: a section named by its heading, in a card. `children` may be a function of the heading's id, for
 * what inside is named by the heading too (a list, a form).
 */
export function MoneyCard({ title, headingLevel: Heading, children }: { title: string; headingLevel: HeadingLevel; children: ReactNode | ((headingId: string) => ReactNode) }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="grid gap-3 p-4">
        <Heading id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </Heading>
        {typeof children === 'function' ? children(headingId) : children}
      </Card>
    </section>
  );
}

/** What stands while a query loads: `count` grey blocks of `blockClassName`, busy and named for screen readers. */
export function LoadingBlocks({ label, count, blockClassName, className }: { label: string; count: number; blockClassName: string; className?: string }) {
  return (
    <div className={cn('grid gap-2', className)} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={blockClassName} />
      ))}
    </div>
  );
}

/** A money query that failed: what could not be loaded, why (the connection, when nothing answered), and Retry. */
export function MoneyQueryError({ query, what }: { query: Pick<UseQueryResult<unknown>, 'error' | 'refetch'>; what: string }) {
  const parsed = parseApiError(query.error);
  return (
    <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>
        Could not load {what}: {parsed.message ?? (parsed.status === null ? 'check your connection.' : 'the server did not answer.')}
      </p>
      <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
