import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import type { FinanceReport } from '@domain/money/schemas';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatCents, formatDate, pluralize } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { TableState, tdClass } from '@client/features/admin/admin-ui';
import { CommissionEditor } from './commission-editor';
import { FinancePayouts } from './finance-payouts';
import { fetchFinance, financeKey } from './finance-api';
import { FinancePanel, FinanceTable, numClass } from './finance-ui';
import { accountLabel, defaultFinanceRange, deliveryFigures, kindLabel, platformShareText, rangeErrors, trialBalanceText, type DateRange, type FinanceFigure } from './finance-logic';

const dayText = (day: string) => formatDate(`${day}T00:00:00`);

/**
 * The admin's Finance tab (issue 28): for a range of UTC days, GMV, platform revenue, refunds and payouts (in total,
 * per day and per kind); the trial balance and the reconciliation of the ledger against the gateway; payouts (run
 * them, see the recent ones); and the commission rules.
 */
export function FinanceTab() {
  const [range, setRange] = useState<DateRange>(() => defaultFinanceRange(new Date()));
  const [draft, setDraft] = useState<DateRange>(range);
  const [errors, setErrors] = useState<Partial<Record<keyof DateRange, string>>>({});
  const finance = useQuery({ queryKey: financeKey(range), queryFn: () => fetchFinance(range), staleTime: 0 });
  const serverErrors = finance.isError ? parseApiError(finance.error).errors : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (draft.from === range.from && draft.to === range.to) void finance.refetch();
    else setRange(draft);
  };

  return (
    <div className="grid min-w-0 gap-8">
      <FinancePanel
        id="finance-title"
        title="Finance"
        wideAt="lg"
        intro={`Money of ${dayText(range.from)} – ${dayText(range.to)} (UTC days). The trial balance and payouts due are as of now.`}
        actions={
          <form onSubmit={onSubmit} noValidate aria-label="Finance period" className="grid grid-cols-2 items-start gap-2 sm:flex sm:flex-wrap">
            <FormField label="From" error={errors.from ?? serverErrors.from} className="min-w-0 content-start sm:w-44">
              {(aria) => <Input {...aria} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />}
            </FormField>
            <FormField label="To" error={errors.to ?? serverErrors.to} className="min-w-0 content-start sm:w-44">
              {(aria) => <Input {...aria} type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />}
            </FormField>
            <Button type="submit" className="col-span-2 sm:mt-6.5" disabled={finance.isFetching} aria-busy={finance.isFetching}>
              <RefreshCw className={cn('size-4', finance.isFetching && 'animate-spin')} aria-hidden="true" />
              {finance.isFetching ? 'Loading…' : 'Show'}
            </Button>
          </form>
        }
      >
        {finance.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading the finance figures">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-20 rounded-xl" />
              ))}
            </div>
            <Skeleton className="h-40" />
          </div>
        ) : finance.isError ? (
          <div className="rounded-lg border border-gray-200 bg-white">
            <TableState status="error" label="finance figures" onRetry={() => void finance.refetch()} />
            {parseApiError(finance.error).message ? <p className="px-4 pb-4 text-center text-sm text-gray-600">{parseApiError(finance.error).message}</p> : null}
          </div>
        ) : (
          <FinanceFigures report={finance.data} />
        )}
      </FinancePanel>
      <FinancePayouts />
      <CommissionEditor />
    </div>
  );
}

function FinanceFigures({ report }: { report: FinanceReport }) {
  const { totals } = report;
  const cards: FinanceFigure[] = [
    { key: 'gmv', label: 'GMV', cents: totals.gmvCents, hint: 'What customers paid' },
    { key: 'revenue', label: 'Platform revenue', cents: totals.revenueCents, hint: 'Commission and service fees' },
    { key: 'refunds', label: 'Refunds', cents: totals.refundsCents, hint: 'Sent back to customers' },
    { key: 'payouts', label: 'Payouts made', cents: totals.payoutsCents, hint: 'Paid to providers and drivers' },
    { key: 'payouts-due', label: 'Payouts due', cents: totals.payoutsDueCents, hint: 'Owed to payees now' },
  ];
  return (
    <div className="grid min-w-0 gap-6">
      <FigureCards label="Totals" figures={cards} testIdPrefix="finance" large className="lg:grid-cols-5" />
      <Deliveries report={report} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <TrialBalance report={report} />
        <Reconciliation report={report} />
      </div>
      <DaysTable report={report} />
      <KindsTable report={report} />
    </div>
  );
}

/**
 * Figures as cards (`key` -> test id `<testIdPrefix>-<key>`): label, amount and what it is, in red when a loss; two
 * a row on a phone, three from `sm` (and as `className` says from there); `large` amounts for the totals.
 */
function FigureCards({ label, figures, testIdPrefix, large = false, className }: { label: string; figures: FinanceFigure[]; testIdPrefix: string; large?: boolean; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', className)} aria-label={label}>
      {figures.map((f) => {
        const loss = f.tone === 'loss';
        return (
          <div key={f.key} className={cn('flex min-w-0 flex-col gap-1 rounded-xl border bg-white p-4 shadow-sm', loss ? 'border-red-200 bg-red-50' : 'border-gray-200')}>
            <dt className="text-xs font-medium text-gray-600">{f.label}</dt>
            <dd
              className={cn('break-all font-bold tabular-nums', large ? 'text-xl sm:text-2xl' : 'text-lg sm:text-xl', loss ? 'text-red-700' : 'text-gray-900')}
              data-testid={`${testIdPrefix}-${f.key}`}
            >
              {formatCents(f.cents)}
            </dd>
            <dd className={cn('text-xs', loss ? 'text-red-700' : 'text-gray-500')}>{f.hint}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className="font-semibold text-gray-900">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * Deliveries done in the range: the fees and tips collected for them, what drivers were paid, what rides' and
 * parcels' providers were charged, and the platform's share (a loss when the pay rule paid more); what is held now for
 * deliveries not done yet.
 */
function Deliveries({ report }: { report: FinanceReport }) {
  const d = report.deliveries;
  const figures = deliveryFigures(d);
  return (
    <Section id="finance-deliveries-title" title="Deliveries">
      <p className="text-sm text-gray-600">
        Deliveries done in these days: what was collected for them and where it went. Fees, tips and what providers were charged make what drivers were
        paid plus the platform&apos;s share. What is held is as of now.
      </p>
      <FigureCards label="Deliveries" figures={figures} testIdPrefix="finance-delivery" />
      <p className={cn('text-sm', d.platformShareCents < 0 ? 'font-medium text-red-700' : 'text-gray-700')} data-testid="finance-delivery-share-text">
        {platformShareText(d.platformShareCents)}
      </p>
    </Section>
  );
}

function TrialBalance({ report }: { report: FinanceReport }) {
  const { accounts, totalCents } = report.trialBalance;
  const balanced = totalCents === 0;
  return (
    <Section
      id="trial-balance-title"
      title="Trial balance"
      aside={<Badge variant={balanced ? 'success' : 'destructive'}>{balanced ? 'Balanced' : 'Out of balance'}</Badge>}
    >
      <p className="text-sm text-gray-600">Every ledger account now, debits positive and credits negative. Balanced books sum to $0.00.</p>
      <FinanceTable
        label="Trial balance"
        caption="Trial balance: the balance of each ledger account"
        columns={['Account', 'Balance']}
        amounts={1}
        foot={
          <tfoot className="border-t-2 border-gray-300 bg-gray-50">
            <tr>
              <th scope="row" className={cn(tdClass, 'text-left font-bold')}>
                Total
              </th>
              <td className={cn(numClass, 'font-bold')}>{formatCents(totalCents)}</td>
            </tr>
          </tfoot>
        }
      >
        {accounts.length === 0 ? (
          <tr>
            <td colSpan={2} className={cn(tdClass, 'text-gray-600')}>
              No postings yet.
            </td>
          </tr>
        ) : (
          accounts.map((a) => (
            <tr key={a.account}>
              <th scope="row" className={cn(tdClass, 'text-left font-normal')}>
                <span className="block font-medium">{accountLabel(a.account)}</span>
                <span className="block font-mono text-xs text-gray-500">{a.account}</span>
              </th>
              <td className={numClass}>{formatCents(a.balanceCents)}</td>
            </tr>
          ))
        )}
      </FinanceTable>
      <p data-testid="trial-balance-total" className={cn('font-bold', balanced ? 'text-gray-900' : 'text-red-700')}>
        {trialBalanceText(totalCents)}
      </p>
    </Section>
  );
}

function Reconciliation({ report }: { report: FinanceReport }) {
  const { ledgerCents, gatewayCents, differences } = report.reconciliation;
  return (
    <Section id="reconciliation-title" title="Reconciliation">
      <p className="text-sm text-gray-600">The ledger’s gateway account against the gateway’s own records (charges − refunds − transfers).</p>
      <dl className="grid grid-cols-2 gap-3">
        {(
          [
            ['Ledger', ledgerCents],
            ['Gateway', gatewayCents],
          ] as const
        ).map(([side, cents]) => (
          <div key={side} className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-xs font-medium text-gray-600">{side}</dt>
            <dd className="break-all font-semibold tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      {differences.length === 0 ? (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800" data-testid="reconciliation-result">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          No differences
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-red-700" data-testid="reconciliation-result">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {pluralize(differences.length, 'difference')} between the ledger and the gateway
          </p>
          <FinanceTable
            label="Reconciliation differences"
            caption="Differences between the ledger and the gateway"
            columns={['Reference', 'What', 'Ledger', 'Gateway']}
            amounts={2}
          >
            {differences.map((d, i) => (
              <tr key={`${d.ref}:${i}`}>
                <td className={cn(tdClass, 'font-mono text-xs break-all')}>{d.ref}</td>
                <td className={cn(tdClass, 'min-w-40')}>{d.what}</td>
                <td className={numClass}>{formatCents(d.ledgerCents)}</td>
                <td className={numClass}>{formatCents(d.gatewayCents)}</td>
              </tr>
            ))}
          </FinanceTable>
        </>
      )}
    </Section>
  );
}

function DaysTable({ report }: { report: FinanceReport }) {
  return (
    <AmountsSection
      id="finance-days-title"
      title="Per day"
      empty="No money moved in these days."
      label="Money per day"
      caption="GMV, revenue, refunds and payouts per day"
      columns={['Day', 'GMV', 'Revenue', 'Refunds', 'Payouts']}
      rows={report.days.map((d) => ({
        key: d.day,
        name: <time dateTime={d.day}>{dayText(d.day)}</time>,
        cents: [d.gmvCents, d.revenueCents, d.refundsCents, d.payoutsCents],
      }))}
    />
  );
}

function KindsTable({ report }: { report: FinanceReport }) {
  return (
    <AmountsSection
      id="finance-kinds-title"
      title="Per kind"
      empty="No orders in these days."
      label="Money per kind"
      caption="GMV, revenue and refunds per kind of listing"
      columns={['Kind', 'GMV', 'Revenue', 'Refunds']}
      rows={report.kinds.map((k) => ({ key: k.kind, name: kindLabel(k.kind), cents: [k.gmvCents, k.revenueCents, k.refundsCents] }))}
    />
  );
}

/** A section of amounts per day or per kind: each row its name, then one amount a column; a sentence when there are none. */
function AmountsSection({
  id,
  title,
  empty,
  label,
  caption,
  columns,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  label: string;
  caption: string;
  columns: string[];
  rows: Array<{ key: string; name: ReactNode; cents: number[] }>;
}) {
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-600">{empty}</p>
      ) : (
        <FinanceTable label={label} caption={caption} columns={columns} amounts={columns.length - 1}>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={cn(tdClass, 'whitespace-nowrap text-left font-medium')}>
                {row.name}
              </th>
              {row.cents.map((cents, i) => (
                <td key={columns[i + 1]} className={numClass}>
                  {formatCents(cents)}
                </td>
              ))}
            </tr>
          ))}
        </FinanceTable>
      )}
    </Section>
  );
}
