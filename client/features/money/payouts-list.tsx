import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Payout } from '@domain/money/schemas';
import { formatCents, pluralize } from '@domain/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { payoutsQuery, type Payee } from './money-api';
import { failureText, PAYOUT_STATUS_TEXT, payoutWhen } from './money-format';
import { LoadingBlocks, MoneyCard, MoneyQueryError, type HeadingLevel } from './money-ui';

const STATUS_VARIANT: Record<Payout['status'], BadgeVariant> = { pending: 'warning', paid: 'success', failed: 'destructive' };
const PAGE = 10;

/**
 * The payee's payouts (GET /api/provider/payouts or /api/driver/payouts, newest first): when, how much, and whether
 * it was paid, is on its way or failed (with the gateway's reason; a failed payout's money is back in the balance).
 */
export function PayoutsList({ payee, headingLevel = 'h2' }: { payee: Payee; headingLevel?: HeadingLevel }) {
  const [shown, setShown] = useState(PAGE);
  const payouts = useQuery({ ...payoutsQuery(payee), staleTime: 0 });
  const list = payouts.data ?? [];
  return (
    <MoneyCard title="Payouts" headingLevel={headingLevel}>
      {(headingId) =>
        payouts.isPending ? (
          <LoadingBlocks label="Loading your payouts" count={2} blockClassName="h-12" />
        ) : payouts.isError || !payouts.data ? (
          <MoneyQueryError query={payouts} what="your payouts" />
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600">No payouts yet. Your available balance is paid out at the next payout run.</p>
        ) : (
          <>
            <ul className="divide-y divide-gray-100 text-sm" aria-labelledby={headingId}>
              {list.slice(0, shown).map((p) => (
                <li key={p.id} className="grid gap-1 py-2.5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold tabular-nums text-gray-900">{formatCents(p.amountCents, { currency: p.currency })}</span>
                    <Badge variant={STATUS_VARIANT[p.status]}>{PAYOUT_STATUS_TEXT[p.status]}</Badge>
                  </div>
                  <p className="text-xs text-gray-600">{payoutWhen(p)}</p>
                  {p.status === 'failed' ? <p className="break-words text-xs text-red-700">{failureText(p.failureMessage)}</p> : null}
                </li>
              ))}
            </ul>
            {list.length > shown ? (
              <Button variant="outline" size="sm" className="justify-self-center" onClick={() => setShown(shown + PAGE)}>
                Show {Math.min(PAGE, list.length - shown)} more of {pluralize(list.length - shown, 'earlier payout')}
              </Button>
            ) : null}
          </>
        )
      }
    </MoneyCard>
  );
}
