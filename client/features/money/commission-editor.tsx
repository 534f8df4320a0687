import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commissionCents, type CommissionRule } from '@domain/money/commission';
import { parseApiError } from '@client/lib/api';
import { formatCents } from '@domain/format';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { TableState } from '@client/features/admin/admin-ui';
import { COMMISSION_KEY, fetchCommission, saveCommission } from './finance-api';
import {
  commissionChanged,
  commissionFormError,
  commissionRows,
  dollarsToCents,
  parseCommissionRows,
  parsePercent,
  ruleErrorKey,
  type CommissionRow,
} from './finance-logic';

/** The order amount each row's example is worked out on. */
const EXAMPLE_CENTS = 5_000;

/**
 * The commission rules (issue 28): per listing kind a percent of the order's items and a minimum per order. A
 * change applies to orders paid from now on; paid orders keep the rule they were paid under.
 */
export function CommissionEditor() {
  const commission = useQuery({ queryKey: COMMISSION_KEY, queryFn: fetchCommission });
  return (
    <section aria-labelledby="commission-title" className="grid min-w-0 gap-4">
      <div className="min-w-0">
        <h2 id="commission-title" className="text-lg font-semibold text-gray-900">
          Commission
        </h2>
        <p className="text-sm text-gray-600">
          The platform’s fee per kind of listing: a percent of an order’s items, at least the minimum. New orders are charged the rule in force when
          they are paid; paid orders keep theirs.
        </p>
      </div>
      {commission.isPending ? (
        <TableState status="pending" label="commission rules" />
      ) : commission.isError ? (
        <TableState status="error" label="commission rules" onRetry={() => void commission.refetch()} />
      ) : commission.data.rules.length === 0 ? (
        <TableState status="empty" label="commission rules" />
      ) : (
        // A save (or a reload) that changes the rules starts the form again from them.
        <CommissionForm key={JSON.stringify(commission.data.rules)} saved={commission.data.rules} />
      )}
    </section>
  );
}

function CommissionForm({ saved }: { saved: CommissionRule[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<CommissionRow[]>(() => commissionRows(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changed = commissionChanged(rows, saved);

  const save = useMutation({
    mutationFn: saveCommission,
    onSuccess: async () => {
      toast({ title: 'Commission saved', description: 'Orders paid from now on are charged the new rules.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: COMMISSION_KEY });
    },
    onError: (error) => {
      const parsed = parseApiError(error);
      setErrors(parsed.errors);
      setFormError(commissionFormError(parsed.errors, rows.length) ?? parsed.message ?? 'The rules could not be saved. Please try again.');
    },
  });

  const update = (index: number, patch: Partial<CommissionRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    const field = 'percent' in patch ? 'percent' : 'minCents';
    if (errors[ruleErrorKey(index, field)]) {
      setErrors(({ [ruleErrorKey(index, field)]: _dropped, ...rest }) => rest);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = parseCommissionRows(rows);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setFormError(commissionFormError(parsed.errors, rows.length) ?? 'Check the highlighted fields.');
      return;
    }
    setErrors({});
    save.mutate(parsed.rules);
  };

  const reset = () => {
    setRows(commissionRows(saved));
    setErrors({});
    setFormError(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Commission rules" className="grid min-w-0 gap-3">
      <FormAlert message={formError} />
      <ul className="grid divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
        {rows.map((row, index) => {
          const labelId = `commission-kind-${row.kind}`;
          const percent = parsePercent(row.percent);
          const minCents = dollarsToCents(row.minDollars);
          const example =
            Number.isFinite(percent) && percent >= 0 && percent <= 100 && Number.isFinite(minCents)
              ? commissionCents(EXAMPLE_CENTS, { percent, minCents })
              : null;
          return (
            <li
              key={row.kind}
              role="group"
              aria-labelledby={labelId}
              className="grid gap-3 p-3 sm:grid-cols-[minmax(8rem,1fr)_minmax(0,9rem)_minmax(0,9rem)] sm:items-start sm:gap-4 sm:p-4"
            >
              <div className="min-w-0 sm:pt-7">
                <p id={labelId} className="font-medium text-gray-900">
                  {row.label}
                </p>
                <p className="text-xs text-gray-500">{example === null ? '\u00a0' : `On a ${formatCents(EXAMPLE_CENTS)} order: ${formatCents(example)}`}</p>
              </div>
              <div className="grid grid-cols-2 items-start gap-3 sm:contents">
                <FormField label="Percent (%)" error={errors[ruleErrorKey(index, 'percent')]}>
                  {(aria) => (
                    <Input
                      {...aria}
                      aria-label={`Percent (%) for ${row.label}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={row.percent} onChange={(e) => update(index, { percent: e.target.value })} />
                  )}
                </FormField>
                <FormField label="Minimum ($)" error={errors[ruleErrorKey(index, 'minCents')]}>
                  {(aria) => (
                    <Input
                      {...aria}
                      aria-label={`Minimum ($) for ${row.label}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={row.minDollars} onChange={(e) => update(index, { minDollars: e.target.value })} />
                  )}
                </FormField>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={reset} disabled={!changed || save.isPending}>
          Reset
        </Button>
        <Button type="submit" disabled={!changed || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          {save.isPending ? 'Saving…' : 'Save commission'}
        </Button>
      </div>
    </form>
  );
}
