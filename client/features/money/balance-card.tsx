import { useId } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { Balance } from '@domain/money/schemas';
import { getQueryFn, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatCents } from '@client/lib/format';
import { Button } from '@client/ui/button';
import { Card } from '@client/ui/card';
import { Skeleton } from '@client/ui/skeleton';
import { balanceKey, type Payee } from './money-api';
import { pendingText } from './money-format';

export type HeadingLevel = 'h2' | 'h3';

/** A money query that failed: what could not be loaded, why, and Retry. */
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

/**
 * The payee's balance (GET /api/provider/balance or /api/driver/balance): what the next payout pays (Available), what
 * is still held (Pending: orders not yet completed, and completed ones within the hold period) and what was paid out.
 * Fresh each time it is shown: every completed order and payout changes it.
 */
export function BalanceCard({ payee, headingLevel: Heading = 'h2' }: { payee: Payee; headingLevel?: HeadingLevel }) {
  const headingId = useId();
  const balance = useQuery<Balance | null>({ queryKey: balanceKey(payee), queryFn: getQueryFn<Balance>({ on401: 'throw' }), staleTime: 0 });
  return (
    <section aria-labelledby={headingId}>
      <Card className="grid gap-3 p-4">
        <Heading id={headingId} className="text-lg font-semibold text-gray-900">
          Balance
        </Heading>
        {balance.isPending ? (
          <div className="grid gap-2 sm:grid-cols-3" aria-busy="true" aria-label="Loading your balance">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : balance.isError || !balance.data ? (
          <MoneyQueryError query={balance} what="your balance" />
        ) : (
          <>
            <dl className="grid gap-2 sm:grid-cols-3">
              <Figure label="Available" cents={balance.data.availableCents} tone="emerald" testId={`${payee}-balance-available`} />
              <Figure label="Pending" cents={balance.data.pendingCents} tone="amber" testId={`${payee}-balance-pending`} />
              <Figure label="Paid out" cents={balance.data.paidOutCents} tone="gray" testId={`${payee}-balance-paid-out`} />
            </dl>
            <p className="text-xs text-gray-600">
              Available is paid out at the next payout run. Pending: {pendingText(balance.data.holdDays)}
            </p>
          </>
        )}
      </Card>
    </section>
  );
}

const TONES = {
  emerald: 'bg-emerald-50 text-emerald-900 [&_dt]:text-emerald-800',
  amber: 'bg-amber-50 text-amber-950 [&_dt]:text-amber-900',
  gray: 'bg-gray-50 text-gray-900 [&_dt]:text-gray-600',
} as const;

/** One figure: label and amount side by side on a phone, stacked in a column from `sm` up. */
function Figure({ label, cents, tone, testId }: { label: string; cents: number; tone: keyof typeof TONES; testId: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-2 rounded-lg p-3 sm:block', TONES[tone])}>
      <dt className="text-xs">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}
