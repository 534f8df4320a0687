import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, Trash2 } from 'lucide-react';
import { BlockBodySchema, BookingRulesSchema, CapacityBodySchema, UNIT_NAMES, type AvailabilityKind, type Block, type Calendar } from '@domain/availability/schemas';
import { apiDelete, apiPost, apiPut, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { monthTitle, shortDay, spanUnit, units } from './calendar-logic';
import { calendarKeyOf } from './provider-api';
import { fieldErrorsOf } from './field-errors';

/*
 * The editors under a listing's calendar (issue 25): capacity, booking rules and blocked dates, with the pieces the
 * weekly hours editor (hours-editor.tsx) shares: the box each editor sits in, its error line and the change hook.
 */

/** A change to the listing's availability: a toast either way, the calendar fetched again after a success. */
export function useCalendarChange<TBody, TResult>(
  kind: AvailabilityKind,
  id: number,
  send: (body: TBody) => Promise<TResult>,
  texts: { done: (result: TResult, body: TBody) => string; failed: string },
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (result, body) => {
      setError(null);
      toast({ title: texts.done(result, body), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: calendarKeyOf(kind, id) });
    },
    onError: (e) => {
      const message = parseApiError(e).message ?? 'Please try again.';
      setError(message);
      toast({ title: texts.failed, description: message, variant: 'destructive' });
    },
  });
  return { mutation, error, setError };
}

/** One editor: a titled box. */
export function EditorBox({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid min-w-0 content-start gap-3 rounded-lg border border-gray-200 p-3', className)}>
      <h5 id={headingId} className="font-semibold text-gray-900">
        {title}
      </h5>
      {children}
    </section>
  );
}

/** The server's or the form's error under an editor, announced when it appears. */
export function InlineError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  min,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  min?: number;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function CapacityForm({ kind, id, capacity }: { kind: AvailabilityKind; id: number; capacity: number }) {
  const fieldId = useId();
  const [value, setValue] = useState(String(capacity));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { units: number }) => apiPut('/api/provider/listings/{kind}/{id}/capacity', { params: { path: { kind, id } }, body }),
    { done: (r) => `Capacity saved: ${units(kind, r.units)}`, failed: 'Could not change the capacity' },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CapacityBodySchema.safeParse({ units: toNumber(value) });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setError(null);
    mutation.mutate(parsed.data);
  };
  return (
    <EditorBox title="Capacity">
      <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label="Capacity">
        <NumberField id={fieldId} label={`Number of ${UNIT_NAMES[kind].many}`} value={value} onChange={setValue} error={fieldError} min={1} />
        <InlineError message={error} />
        <Button type="submit" size="sm" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          Save capacity
        </Button>
      </form>
    </EditorBox>
  );
}

export function RulesForm({ kind, id, rules }: { kind: AvailabilityKind; id: number; rules: Calendar['rules'] }) {
  const formId = useId();
  const span = spanUnit(kind);
  const [values, setValues] = useState({ minNights: String(rules.minNights), maxNights: String(rules.maxNights), leadDays: String(rules.leadDays) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: Calendar['rules']) => apiPut('/api/provider/listings/{kind}/{id}/rules', { params: { path: { kind, id } }, body }),
    { done: () => 'Booking rules saved', failed: 'Could not save the booking rules' },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BookingRulesSchema.safeParse({
      minNights: span ? toNumber(values.minNights) : rules.minNights,
      maxNights: span ? toNumber(values.maxNights) : rules.maxNights,
      leadDays: toNumber(values.leadDays),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setError(null);
    mutation.mutate(parsed.data);
  };
  return (
    <EditorBox title="Booking rules">
      <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label="Booking rules">
        <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          {span ? (
            <>
              <NumberField
                id={`${formId}-min`}
                label={`Minimum ${span.many}`}
                value={values.minNights}
                onChange={(v) => setValues({ ...values, minNights: v })}
                error={errors.minNights}
                min={1}
              />
              <NumberField
                id={`${formId}-max`}
                label={`Maximum ${span.many}`}
                value={values.maxNights}
                onChange={(v) => setValues({ ...values, maxNights: v })}
                error={errors.maxNights}
                min={1}
              />
            </>
          ) : null}
          <NumberField
            id={`${formId}-lead`}
            label="Days of notice"
            value={values.leadDays}
            onChange={(v) => setValues({ ...values, leadDays: v })}
            error={errors.leadDays}
            min={0}
          />
        </div>
        <InlineError message={error ?? errors._ ?? null} />
        <Button type="submit" size="sm" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          Save rules
        </Button>
      </form>
    </EditorBox>
  );
}

export function BlocksEditor({
  kind,
  id,
  month,
  blocks,
  today,
  prefill,
  onBlocked,
}: {
  kind: AvailabilityKind;
  id: number;
  month: string;
  blocks: Block[];
  today: string;
  prefill: { from: string; to: string; n: number } | null;
  onBlocked: (from: string) => void;
}) {
  const formId = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({ from: '', to: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { from: string; to: string; reason: string }) => apiPost('/api/provider/listings/{kind}/{id}/blocks', { params: { path: { kind, id } }, body }),
    { done: (b) => (b.from === b.to ? `Blocked ${shortDay(b.from)}` : `Blocked ${shortDay(b.from)} – ${shortDay(b.to)}`), failed: 'Could not block these dates' },
  );

  // "Block this day…" in the grid fills the form and takes the focus there.
  useEffect(() => {
    if (!prefill) return;
    setValues((v) => ({ ...v, from: prefill.from, to: prefill.to }));
    fromRef.current?.focus();
  }, [prefill]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BlockBodySchema.safeParse({ from: values.from, to: values.to || values.from, reason: values.reason });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setError(null);
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ from: '', to: '', reason: '' });
        onBlocked(parsed.data.from);
      },
    });
  };

  const field = (name: 'from' | 'to' | 'reason', label: string, extra: { type?: string; min?: string; maxLength?: number; ref?: typeof fromRef } = {}) => {
    const fid = `${formId}-${name}`;
    return (
      <div className="grid min-w-0 gap-1">
        <label htmlFor={fid} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <Input
          id={fid}
          ref={extra.ref}
          type={extra.type ?? 'text'}
          min={extra.min}
          maxLength={extra.maxLength}
          value={values[name]}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={errors[name] ? `${fid}-error` : undefined}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
        {errors[name] ? (
          <p id={`${fid}-error`} className="text-sm text-red-700">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  const sorted = [...blocks].sort((a, b) => a.from.localeCompare(b.from));
  return (
    <EditorBox title="Blocked dates">
      <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label="Block dates">
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_2fr]">
          {field('from', 'From', { type: 'date', min: today, ref: fromRef })}
          {field('to', 'To (included)', { type: 'date', min: values.from || today })}
          {field('reason', 'Reason (optional)', { maxLength: 200 })}
        </div>
        <InlineError message={error ?? errors._ ?? null} />
        <Button type="submit" size="sm" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label="Blocking…" className="text-white [&_svg]:text-white" /> : <Lock className="size-3.5" aria-hidden="true" />}
          Block dates
        </Button>
      </form>
      {sorted.length === 0 ? (
        <p className="text-sm text-gray-600">No blocked dates in {monthTitle(month)}.</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Blocks in ${monthTitle(month)}`}>
          {sorted.map((block) => (
            <BlockRow key={block.id} kind={kind} id={id} block={block} />
          ))}
        </ul>
      )}
    </EditorBox>
  );
}

function BlockRow({ kind, id, block }: { kind: AvailabilityKind; id: number; block: Block }) {
  const range = block.from === block.to ? shortDay(block.from) : `${shortDay(block.from)} – ${shortDay(block.to)}`;
  const { mutation } = useCalendarChange(kind, id, () => apiDelete('/api/provider/listings/{kind}/{id}/blocks/{blockId}', { params: { path: { kind, id, blockId: block.id } } }), {
    done: () => `Unblocked ${range}`,
    failed: 'Could not remove the block',
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm">
      <span className="min-w-0 break-words">
        <span className="font-medium text-gray-900">{range}</span>
        {block.reason ? <span className="text-gray-700"> · {block.reason}</span> : null}
      </span>
      <Button type="button" size="sm" variant="ghost" aria-label={`Remove block ${range}`} disabled={mutation.isPending} onClick={() => mutation.mutate(undefined)}>
        {mutation.isPending ? <Spinner label="Removing…" /> : <Trash2 className="size-4" aria-hidden="true" />}
        Remove
      </Button>
    </li>
  );
}
