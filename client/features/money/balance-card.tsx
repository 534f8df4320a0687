import { useQuery } from '@tanstack/react-query';
import { cn } from '@client/lib/cn';
import { formatCents } from '@domain/format';
import { balanceQuery, type Payee } from './money-api';
import { pendingText } from './money-format';
import { LoadingBlocks, MoneyCard, MoneyQueryError, type HeadingLevel } from './money-ui';

/**
 * The payee's balance (GET /api/provider/balance or /api/driver/balance): what the next payout pays (Available), what
 * is still held (Pending: orders not yet completed, and completed ones within the hold period) and what was paid out.
 * Fresh each time it is shown: every completed order and payout changes it.
 */
export function BalanceCard({ payee, headingLevel = 'h2' }: { payee: Payee; headingLevel?: HeadingLevel }) {
  const balance = useQuery({ ...balanceQuery(payee), staleTime: 0 });
  return (
    <MoneyCard title="Balance" headingLevel={headingLevel}>
      {balance.isPending ? (
        <LoadingBlocks label="Loading your balance" count={3} blockClassName="h-14" className="sm:grid-cols-3" />
      ) : balance.isError || !balance.data ? (
        <MoneyQueryError query={balance} what="your balance" />
      ) : (
        <>
          <dl className="grid gap-2 sm:grid-cols-3">
            <Figure label="Available" cents={balance.data.availableCents} currency={balance.data.currency} tone="emerald" testId={`${payee}-balance-available`} />
            <Figure label="Pending" cents={balance.data.pendingCents} currency={balance.data.currency} tone="amber" testId={`${payee}-balance-pending`} />
            <Figure label="Paid out" cents={balance.data.paidOutCents} currency={balance.data.currency} tone="gray" testId={`${payee}-balance-paid-out`} />
          </dl>
          <p className="text-xs text-gray-600">
            Available is paid out at the next payout run. Pending: {pendingText(balance.data.holdDays)}
          </p>
        </>
      )}
    </MoneyCard>
  );
}

const TONES = {
  emerald: 'bg-emerald-50 text-emerald-900 [&_dt]:text-emerald-800',
  amber: 'bg-amber-50 text-amber-950 [&_dt]:text-amber-900',
  gray: 'bg-gray-50 text-gray-900 [&_dt]:text-gray-600',
} as const;

/** One figure: label and amount side by side on a phone, stacked in a column from `sm` up. */
function Figure({ label, cents, currency, tone, testId }: { label: string; cents: number; currency: string; tone: keyof typeof TONES; testId: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-2 rounded-lg p-3 sm:block', TONES[tone])}>
      <dt className="text-xs">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {formatCents(cents, { currency })}
      </dd>
    </div>
  );
}
