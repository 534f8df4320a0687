import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { StatementQuerySchema } from '@domain/money/schemas';
import { parseApiError } from '@client/lib/api';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { fetchStatement } from './money-api';
import { monthOf } from './money-format';
import { MoneyCard, type HeadingLevel } from './money-ui';

/**
 * The provider's monthly statement as CSV (orders, fees, refunds, payouts, closing balance): a month, this one by
 * default, and Download. The file is fetched first, so a refusal shows here rather than being saved as the file.
 */
export function StatementDownload({ headingLevel = 'h3' }: { headingLevel?: HeadingLevel }) {
  const [thisMonth] = useState(() => monthOf(new Date()));
  const [month, setMonth] = useState(thisMonth);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [done, setDone] = useState('');
  // The last file's object URL, released when the next one is made or the page closes.
  const objectUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const download = useMutation({
    mutationFn: fetchStatement,
    onMutate: () => setDone(''),
    onSuccess: ({ blob, fileName }, asked) => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl.current;
      link.download = fileName;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setDone(`The statement for ${asked} was downloaded (${fileName}).`);
    },
  });
  const serverError = download.error ? parseApiError(download.error) : null;

  return (
    <MoneyCard title="Monthly statement" headingLevel={headingLevel}>
      {(headingId) => (
        <>
          <p className="text-sm text-gray-600">A CSV file with the month&apos;s orders, fees, refunds, payouts and closing balance.</p>
          <form
            noValidate
            aria-labelledby={headingId}
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = StatementQuerySchema.safeParse({ month: month.trim() });
              if (!parsed.success || !parsed.data.month) {
                setFieldError(parsed.success ? 'Use a month like 2026-11' : parsed.error.issues[0]?.message);
                return;
              }
              setFieldError(undefined);
              download.mutate(parsed.data.month);
            }}
          >
            <FormField label="Month" required error={fieldError ?? serverError?.errors.month} hint="Year and month, e.g. 2026-11" className="min-w-0 flex-1 basis-40">
              {(control) => (
                <Input
                  {...control}
                  type="month"
                  name="month"
                  max={thisMonth}
                  placeholder="YYYY-MM"
                  value={month}
                  onChange={(e) => {
                    setMonth(e.target.value);
                    setFieldError(undefined);
                  }}
                />
              )}
            </FormField>
            <Button type="submit" disabled={download.isPending}>
              {download.isPending ? <Spinner label="Preparing the statement…" className="text-white [&_svg]:text-white" /> : <Download className="size-4" aria-hidden="true" />}
              Download statement
            </Button>
          </form>
          {/* Both stay in the page while empty, so what they come to say is announced. */}
          <div className="grid gap-2">
            <FormAlert
              message={
                serverError && !serverError.errors.month
                  ? `Could not download the statement: ${serverError.message ?? (serverError.status === null ? 'check your connection.' : 'please try again.')}`
                  : null
              }
            />
            <p className="text-sm text-emerald-800" role="status">
              {done}
            </p>
          </div>
        </>
      )}
    </MoneyCard>
  );
}
