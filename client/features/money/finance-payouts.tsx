import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import type { Payout, PayoutRun, PayoutStatus } from '@domain/money/schemas';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatCents, formatDateTime } from '@domain/format';
import { Badge, type BadgeVariant } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { toast } from '@client/ui/use-toast';
import { TableState, tdClass } from '@client/features/admin/admin-ui';
import { ConfirmDialog } from '@client/features/admin/confirm-dialog';
import { FINANCE_KEY, PAYOUTS_KEY, fetchPayouts, runPayouts } from './finance-api';
import { PAYEE_KIND_LABEL, PAYOUT_STATUS_LABEL, payoutRunSummary } from './finance-logic';
import { FinancePanel, FinanceTable } from './finance-ui';

const PAGE = 25;
const STATUS_VARIANT: Record<PayoutStatus, BadgeVariant> = { pending: 'warning', paid: 'success', failed: 'destructive' };

/**
 * Payouts on the Finance tab (issue 28): Run payouts (after a confirmation) pays every provider's and driver's
 * available balance through the gateway and lists what it made; below, the recent payouts of every run.
 */
export function FinancePayouts() {
  const queryClient = useQueryClient();
  const payouts = useQuery({ queryKey: PAYOUTS_KEY, queryFn: fetchPayouts, staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const [lastRun, setLastRun] = useState<PayoutRun | null>(null);
  const [shown, setShown] = useState(PAGE);

  const run = useMutation({
    mutationFn: runPayouts,
    onSuccess: (result) => {
      setLastRun(result);
      const failed = result.payouts.some((p) => p.status === 'failed');
      toast({ title: failed ? 'Payouts run, some failed' : 'Payouts run', description: payoutRunSummary(result.payouts), variant: failed ? 'destructive' : 'success' });
      setConfirming(false);
    },
    onError: (error) => {
      toast({ title: 'Payouts failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      setConfirming(false);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: FINANCE_KEY }), queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY })]),
  });

  const list = payouts.data ?? [];
  return (
    <FinancePanel
      id="payouts-title"
      title="Payouts"
      wideAt="sm"
      intro="Each provider and driver is paid the money of orders completed and past the hold period."
      actions={
        <Button onClick={() => setConfirming(true)} disabled={run.isPending} className="self-start sm:self-auto">
          <Banknote className="size-4" aria-hidden="true" />
          Run payouts
        </Button>
      }
    >

      {lastRun ? (
        <div className="grid min-w-0 gap-2 rounded-xl border border-brand-200 bg-brand-50/40 p-3 sm:p-4" data-testid="payout-run">
          <h3 className="font-semibold text-gray-900">This run</h3>
          <p className="text-sm text-gray-700" role="status">
            {payoutRunSummary(lastRun.payouts)}
          </p>
          {lastRun.payouts.length > 0 ? <PayoutTable payouts={lastRun.payouts} label="Payouts of this run" /> : null}
        </div>
      ) : null}

      <div className="grid min-w-0 gap-2">
        <h3 className="font-semibold text-gray-900">Recent payouts</h3>
        {payouts.isPending ? (
          <TableState status="pending" label="payouts" />
        ) : payouts.isError ? (
          <TableState status="error" label="payouts" onRetry={() => void payouts.refetch()} />
        ) : list.length === 0 ? (
          <TableState status="empty" label="payouts" emptyText="No payouts yet." />
        ) : (
          <>
            <PayoutTable payouts={list.slice(0, shown)} label="Recent payouts" />
            {list.length > shown ? (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShown(shown + PAGE)}>
                Show more ({list.length - shown} left)
              </Button>
            ) : null}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Run payouts now?"
        description="Every provider and driver with an available balance is paid it now through the payment gateway. A transfer that fails returns the money to the payee's balance."
        confirmLabel="Run payouts"
        busyLabel="Running payouts…"
        busy={run.isPending}
        onConfirm={() => run.mutate()}
      />
    </FinancePanel>
  );
}

function PayoutTable({ payouts, label }: { payouts: readonly Payout[]; label: string }) {
  return (
    <FinanceTable label={label} columns={['Payee', 'Kind', 'Amount', 'Status', 'Failure reason', 'Made']} bodyClassName="bg-white">
      {payouts.map((p) => (
        <tr key={p.id}>
          <td className={cn(tdClass, 'max-w-56')}>
            <span className="block truncate font-medium" title={p.payeeName}>
              {p.payeeName || `#${p.payee}`}
            </span>
            <span className="block text-xs text-gray-500">#{p.payee}</span>
          </td>
          <td className={tdClass}>{PAYEE_KIND_LABEL[p.kind]}</td>
          <td className={cn(tdClass, 'whitespace-nowrap tabular-nums')}>{formatCents(p.amountCents, { currency: p.currency })}</td>
          <td className={tdClass}>
            <Badge variant={STATUS_VARIANT[p.status]}>{PAYOUT_STATUS_LABEL[p.status]}</Badge>
          </td>
          <td className={cn(tdClass, 'min-w-40 text-red-800')}>{p.failureMessage ?? <span className="text-gray-400">—</span>}</td>
          <td className={cn(tdClass, 'whitespace-nowrap text-xs text-gray-600')}>
            <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
          </td>
        </tr>
      ))}
    </FinanceTable>
  );
}
