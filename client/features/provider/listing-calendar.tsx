import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CalendarDays, Check, ChevronDown, ChevronLeft, ChevronRight, CircleDot, Clock, Lock, Minus, Plus, RefreshCw, Trash2 } from 'lucide-react';
import {
  BlockBodySchema,
  BookingRulesSchema,
  CapacityBodySchema,
  UNIT_NAMES,
  type AvailabilityKind,
  type Block,
  type Calendar,
  type CalendarDay,
} from '@domain/availability/schemas';
import type { ProviderListing } from '@domain/provider/schemas';
import { apiJson, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@client/lib/format';
import { Button } from '@client/ui/button';
import { Checkbox } from '@client/ui/checkbox';
import { fieldClasses, Input } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import {
  STATUS_LABEL,
  browserTimeZone,
  cellText,
  dayCounts,
  entrySpan,
  calendarKind,
  dayDescription,
  dayStatus,
  draftToHours,
  hasHours,
  hasMonthGrid,
  hoursToDraft,
  localIsoDay,
  longDay,
  monthOf,
  monthRange,
  monthTitle,
  monthWeeks,
  moveFocus,
  parseDuration,
  shiftMonth,
  shortDay,
  spanUnit,
  timeZoneOptions,
  units,
  type DayStatus,
  type HoursDraft,
} from './calendar-logic';
import { calendarKey, calendarKeyOf, listingUrl } from './provider-api';

/**
 * A listing's calendar in /provider (issue 25), behind a button so that a provider with a hundred listings loads only
 * the calendars it opens: the month grid (booked, held, blocked, free), capacity, booking rules, blocks and, for
 * restaurants and services, the weekly hours.
 */
export function ListingCalendar({ listing }: { listing: ProviderListing }) {
  const kind = calendarKind(listing.kind);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!kind) return null;
  const label = hasMonthGrid(kind) ? 'Calendar' : 'Opening hours';
  return (
    <div className="grid gap-3 border-t border-gray-100 pt-3">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`${label} of ${listing.name}`}
        onClick={() => setOpen(!open)}
      >
        <CalendarDays className="size-4" aria-hidden="true" />
        {label}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </Button>
      {open ? (
        <section id={panelId} aria-label={`${label} of ${listing.name}`} className="grid min-w-0 gap-4">
          <CalendarPanel kind={kind} id={listing.id} name={listing.name} />
        </section>
      ) : null}
    </div>
  );
}

function useCalendar(kind: AvailabilityKind, id: number, month: string) {
  const { from, to } = monthRange(month);
  return useQuery<Calendar>({
    queryKey: calendarKey(kind, id, from, to),
    queryFn: () => apiJson<Calendar>('GET', `${listingUrl(kind, id)}/calendar?from=${from}&to=${to}`),
    // The previous month stays on screen (editors included) while the next one loads.
    placeholderData: (previous) => previous,
  });
}

/** A change to the listing's availability: a toast either way, the calendar fetched again after a success. */
function useCalendarChange<TBody, TResult>(
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

function CalendarPanel({ kind, id, name }: { kind: AvailabilityKind; id: number; name: string }) {
  const today = localIsoDay();
  const [month, setMonth] = useState(() => monthOf(today));
  const calendar = useCalendar(kind, id, month);
  const [blockPrefill, setBlockPrefill] = useState<{ from: string; to: string; n: number } | null>(null);

  if (calendar.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={`Loading the calendar of ${name}`}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (calendar.isError && !calendar.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Could not load the calendar: {parseApiError(calendar.error).message ?? 'the server did not answer.'}</p>
        <Button size="sm" variant="outline" onClick={() => void calendar.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  const data = calendar.data;
  return (
    <>
      {hasMonthGrid(kind) ? (
        <MonthView
          kind={kind}
          month={month}
          today={today}
          days={calendar.isPlaceholderData ? null : data.days}
          loadError={calendar.isError ? (parseApiError(calendar.error).message ?? 'the server did not answer.') : null}
          onRetry={() => void calendar.refetch()}
          onMonth={setMonth}
          onBlockDay={(day) => setBlockPrefill((p) => ({ from: day, to: day, n: (p?.n ?? 0) + 1 }))}
          entries={calendar.isPlaceholderData ? [] : data.entries}
          hours={data.hours}
          capacity={data.capacity}
          blocks={calendar.isPlaceholderData ? [] : data.blocks}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {data.capacityEditable ? <CapacityForm key={`capacity-${data.capacity}`} kind={kind} id={id} capacity={data.capacity} /> : null}
        {kind !== 'restaurants' ? <RulesForm key={`rules-${JSON.stringify(data.rules)}`} kind={kind} id={id} rules={data.rules} /> : null}
      </div>
      {hasMonthGrid(kind) ? (
        <BlocksEditor kind={kind} id={id} month={month} blocks={calendar.isPlaceholderData ? [] : data.blocks} today={today} prefill={blockPrefill} onBlocked={(from) => setMonth(monthOf(from))} />
      ) : null}
      {hasHours(kind) ? (
        <HoursEditor key={`hours-${JSON.stringify(data.hours)}-${data.durationMinutes}`} kind={kind} id={id} hours={data.hours} durationMinutes={data.durationMinutes} />
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------- month grid

const STATUS_STYLE: Record<DayStatus, { cell: string; icon: typeof Check }> = {
  free: { cell: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: Check },
  held: { cell: 'border-sky-300 bg-sky-50 text-sky-900', icon: Clock },
  partial: { cell: 'border-amber-300 bg-amber-50 text-amber-900', icon: CircleDot },
  full: { cell: 'border-red-300 bg-red-100 text-red-900', icon: Ban },
  blocked: { cell: 'border-gray-400 bg-gray-200 text-gray-800 bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(0_0_0/0.06)_4px_8px)]', icon: Lock },
  none: { cell: 'border-gray-200 bg-white text-gray-500', icon: Minus },
};

/** The legend of a kind's grid: a service is never sold out, but is closed on days without working hours. */
function legend(kind: AvailabilityKind, capacity: number): Array<{ status: DayStatus; text: string }> {
  const service = kind === 'general-services';
  return [
    { status: 'free', text: 'nothing taken' },
    // One unit (a property) is free, held or sold out: never partly booked.
    ...(capacity > 1 || service ? [{ status: 'partial' as const, text: service ? 'appointments paid for' : `some ${UNIT_NAMES[kind].many} paid for` }] : []),
    { status: 'held', text: 'held, awaiting payment' },
    ...(service ? [] : [{ status: 'full' as const, text: `no ${UNIT_NAMES[kind].many} free` }]),
    { status: 'blocked', text: 'closed by you' },
    ...(service ? [{ status: 'none' as const, text: 'no working hours' }] : []),
  ];
}

const WEEKDAY_HEADERS = [
  ['S', 'Sunday'],
  ['M', 'Monday'],
  ['T', 'Tuesday'],
  ['W', 'Wednesday'],
  ['T', 'Thursday'],
  ['F', 'Friday'],
  ['S', 'Saturday'],
] as const;

function MonthView({
  kind,
  month,
  today,
  days,
  loadError,
  onRetry,
  onMonth,
  onBlockDay,
  entries,
  hours,
  capacity,
  blocks,
}: {
  kind: AvailabilityKind;
  month: string;
  today: string;
  /** The month's days, or null while they load. */
  days: CalendarDay[] | null;
  loadError: string | null;
  onRetry: () => void;
  onMonth: (month: string) => void;
  onBlockDay: (day: string) => void;
  entries: Calendar['entries'];
  hours: Calendar['hours'];
  capacity: number;
  blocks: Block[];
}) {
  const titleId = useId();
  const detailsId = useId();
  const byDate = new Map((days ?? []).map((d) => [d.date, d]));
  const [selected, setSelected] = useState<string>(() => (monthOf(today) === month ? today : monthRange(month).from));
  // The selected day follows the month shown.
  const current = monthOf(selected) === month ? selected : monthOf(today) === month ? today : monthRange(month).from;
  const cellRefs = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef(false);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    cellRefs.current.get(current)?.focus();
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const next = shiftMonth(month, event.key === 'PageUp' ? -1 : 1);
      focusAfterMove.current = true;
      setSelected(`${next}-01`);
      onMonth(next);
      return;
    }
    const next = moveFocus(month, day, event.key);
    if (!next) return;
    event.preventDefault();
    focusAfterMove.current = true;
    setSelected(next);
  };

  const selectedDay = byDate.get(current);
  const selectedBlocks = blocks.filter((b) => b.from <= current && current <= b.to);
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="outline" size="icon-sm" aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <h4 id={titleId} className="flex items-center gap-2 font-semibold text-gray-900" aria-live="polite">
          {monthTitle(month)}
          {days === null && !loadError ? <Spinner label="Loading…" /> : null}
        </h4>
        <Button type="button" variant="outline" size="icon-sm" aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-700" aria-label="Legend">
        {legend(kind, capacity).map(({ status, text }) => {
          const Icon = STATUS_STYLE[status].icon;
          return (
            <li key={status} className="flex items-center gap-1">
              <span className={cn('inline-flex size-5 items-center justify-center rounded border', STATUS_STYLE[status].cell)} aria-hidden="true">
                <Icon className="size-3" />
              </span>
              <span>
                <span className="font-medium">{STATUS_LABEL[status]}</span>: {text}
              </span>
            </li>
          );
        })}
      </ul>
      {loadError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Could not load {monthTitle(month)}: {loadError}
          <Button size="sm" variant="outline" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : null}
      <table role="grid" aria-labelledby={titleId} aria-describedby={detailsId} aria-busy={days === null} className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1">
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long} className="pb-1 text-center text-xs font-medium text-gray-600">
                <span aria-hidden="true" className="sm:hidden">
                  {short}
                </span>
                <span aria-hidden="true" className="hidden sm:inline">
                  {long.slice(0, 3)}
                </span>
                <span className="sr-only">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, w) => (
            <tr key={w}>
              {week.map((date, i) => {
                if (!date) return <td key={i} role="presentation" />;
                const day = byDate.get(date);
                const status = day ? dayStatus(day, kind, hours) : null;
                const text = day && status ? cellText(kind, day, status) : null;
                const Icon = status ? STATUS_STYLE[status].icon : null;
                const isSelected = date === current;
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected} className="p-0">
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) cellRefs.current.set(date, el);
                        else cellRefs.current.delete(date);
                      }}
                      tabIndex={isSelected ? 0 : -1}
                      aria-label={day ? dayDescription(kind, day, hours) : `${shortDay(date)}: loading`}
                      aria-current={date === today ? 'date' : undefined}
                      data-status={status ?? 'loading'}
                      onClick={() => setSelected(date)}
                      onFocus={() => setSelected(date)}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={cn(
                        'flex h-11 w-full min-w-0 flex-col items-center justify-center gap-0.5 rounded-md border text-xs sm:h-16 sm:text-sm',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
                        status ? STATUS_STYLE[status].cell : 'animate-pulse border-gray-200 bg-gray-50 text-gray-400',
                        isSelected && 'ring-2 ring-brand-600 ring-offset-1',
                        date < today && 'opacity-60',
                      )}
                    >
                      <span className={cn('font-semibold leading-none', date === today && 'underline decoration-2 underline-offset-2')}>{Number(date.slice(8))}</span>
                      {Icon ? <Icon className="size-3 sm:size-3.5" aria-hidden="true" /> : null}
                      {text ? (
                        <span className="hidden truncate leading-none sm:inline" aria-hidden="true">
                          {text}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div id={detailsId} aria-live="polite" className="grid gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800">
        <p className="font-medium text-gray-900">{longDay(current)}</p>
        {selectedDay ? (
          <>
            <p data-testid="calendar-day-details">
              <span className="font-medium">{STATUS_LABEL[dayStatus(selectedDay, kind, hours)]}</span>: {dayCounts(kind, selectedDay, dayStatus(selectedDay, kind, hours))}
            </p>
            {selectedBlocks.map((b) => (
              <p key={b.id} className="text-gray-700">
                Blocked {b.from === b.to ? shortDay(b.from) : `${shortDay(b.from)} – ${shortDay(b.to)}`}
                {b.reason ? `: ${b.reason}` : ''}
              </p>
            ))}
            {!selectedDay.blocked && current >= today ? (
              <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => onBlockDay(current)}>
                <Lock className="size-3.5" aria-hidden="true" />
                Block this day…
              </Button>
            ) : null}
          </>
        ) : (
          <p className="text-gray-600">{days === null ? 'Loading…' : 'No data for this day.'}</p>
        )}
      </div>
      {entries.length > 0 ? (
        <details className="rounded-lg border border-gray-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-gray-900">Bookings and holds in {monthTitle(month)} ({entries.length})</summary>
          <ul className="mt-2 grid gap-1">
            {entries.slice(0, 100).map((e) => (
              <li key={`${e.bookingId}:${e.from}`} className="flex flex-wrap justify-between gap-2 border-t border-gray-100 pt-1">
                <span>
                  #{e.bookingId} · {e.startsAt ? formatDateTime(e.startsAt) : entrySpan(kind, e.from, e.to)}
                </span>
                <span className="text-gray-700">
                  {units(kind, e.units)} · {e.status === 'held' ? 'Held' : 'Confirmed'}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------- editors

function EditorBox({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
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

function InlineError({ id, message }: { id?: string; message: string | null }) {
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

function CapacityForm({ kind, id, capacity }: { kind: AvailabilityKind; id: number; capacity: number }) {
  const fieldId = useId();
  const [value, setValue] = useState(String(capacity));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { units: number }) => apiJson<{ units: number }>('PUT', `${listingUrl(kind, id)}/capacity`, body),
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

function RulesForm({ kind, id, rules }: { kind: AvailabilityKind; id: number; rules: Calendar['rules'] }) {
  const formId = useId();
  const span = spanUnit(kind);
  const [values, setValues] = useState({ minNights: String(rules.minNights), maxNights: String(rules.maxNights), leadDays: String(rules.leadDays) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: Calendar['rules']) => apiJson<Calendar['rules']>('PUT', `${listingUrl(kind, id)}/rules`, body),
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
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(next);
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

function BlocksEditor({
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
    (body: { from: string; to: string; reason: string }) => apiJson<Block>('POST', `${listingUrl(kind, id)}/blocks`, body),
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
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(next);
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
  const { mutation } = useCalendarChange(kind, id, () => apiJson<null>('DELETE', `${listingUrl(kind, id)}/blocks/${block.id}`, {}), {
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

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday first, as opening hours are usually read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

function HoursEditor({
  kind,
  id,
  hours,
  durationMinutes,
}: {
  kind: AvailabilityKind;
  id: number;
  hours: Calendar['hours'];
  durationMinutes: number | null;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<HoursDraft>(() => hoursToDraft(hours, browserTimeZone()));
  const [duration, setDuration] = useState(durationMinutes === null ? '' : String(durationMinutes));
  const [formError, setFormError] = useState<string | null>(null);
  const [durationError, setDurationError] = useState<string | undefined>();
  const isService = kind === 'general-services';
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { hours: Calendar['hours']; durationMinutes?: number | null }) => apiJson<unknown>('PUT', `${listingUrl(kind, id)}/hours`, body),
    { done: () => (isService ? 'Working hours saved' : 'Opening hours saved'), failed: 'Could not save the hours' },
  );

  const setDay = (day: number, change: Partial<HoursDraft['days'][number]>) =>
    setDraft({ ...draft, days: draft.days.map((d, i) => (i === day ? { ...d, ...change } : d)) });
  const setInterval = (day: number, index: number, change: Partial<{ open: string; close: string }>) =>
    setDay(day, { intervals: draft.days[day].intervals.map((iv, i) => (i === index ? { ...iv, ...change } : iv)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToHours(draft);
    const parsedDuration = parseDuration(duration);
    setFormError(result.ok ? null : result.message);
    setDurationError(parsedDuration.ok ? undefined : parsedDuration.message);
    if (!result.ok || !parsedDuration.ok) return;
    setError(null);
    mutation.mutate(isService ? { hours: result.hours, durationMinutes: parsedDuration.value } : { hours: result.hours });
  };

  const title = isService ? 'Working hours' : 'Opening hours';
  return (
    <EditorBox title={title}>
      {hours === null ? (
        <p className="text-sm text-gray-600">
          {isService ? 'No working hours set yet.' : 'No opening hours set yet: orders are taken at any time.'} Set them below.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={title}>
        <div className="grid gap-1 sm:max-w-sm">
          <label htmlFor={`${formId}-tz`} className="text-sm font-medium text-gray-800">
            Time zone
          </label>
          <select id={`${formId}-tz`} className={cn(fieldClasses, 'h-10 py-2')} value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}>
            {timeZoneOptions(draft.timeZone).map((tz) => (
              <option key={tz} value={tz}>
                {tz.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          {WEEK_ORDER.map((day) => {
            const row = draft.days[day];
            const name = WEEKDAY_NAMES[day];
            return (
              <fieldset key={day} className="grid gap-2 rounded-md border border-gray-200 p-2 sm:grid-cols-[7rem_6rem_1fr] sm:items-center">
                <legend className="sr-only">{name}</legend>
                <span aria-hidden="true" className="text-sm font-medium text-gray-900">
                  {name}
                </span>
                <div className="flex items-center gap-2">
                  <Checkbox id={`${formId}-${day}-closed`} checked={row.closed} onCheckedChange={(checked) => setDay(day, { closed: checked === true })} />
                  <label htmlFor={`${formId}-${day}-closed`} className="text-sm text-gray-800">
                    Closed<span className="sr-only"> on {name}</span>
                  </label>
                </div>
                {row.closed ? (
                  <p className="text-sm text-gray-500">Closed all day</p>
                ) : (
                  <div className="grid gap-2">
                    {row.intervals.map((iv, index) => (
                      <div key={index} className="flex flex-wrap items-center gap-2">
                        <label className="sr-only" htmlFor={`${formId}-${day}-${index}-open`}>
                          {name} opens{index > 0 ? ` (period ${index + 1})` : ''}
                        </label>
                        <Input
                          id={`${formId}-${day}-${index}-open`}
                          type="time"
                          className="w-36"
                          value={iv.open}
                          onChange={(e) => setInterval(day, index, { open: e.target.value })}
                        />
                        <span aria-hidden="true">–</span>
                        <label className="sr-only" htmlFor={`${formId}-${day}-${index}-close`}>
                          {name} closes{index > 0 ? ` (period ${index + 1})` : ''}
                        </label>
                        <Input
                          id={`${formId}-${day}-${index}-close`}
                          type="time"
                          className="w-36"
                          value={iv.close}
                          onChange={(e) => setInterval(day, index, { close: e.target.value })}
                        />
                        {row.intervals.length > 1 ? (
                          <Button
                            type="button"
                            size="icon-sm"
                            variant="ghost"
                            aria-label={`Remove period ${index + 1} on ${name}`}
                            onClick={() => setDay(day, { intervals: row.intervals.filter((_, i) => i !== index) })}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </Button>
                        ) : null}
                        {index === row.intervals.length - 1 && row.intervals.length < 4 ? (
                          <Button
                            type="button"
                            size="icon-sm"
                            variant="ghost"
                            aria-label={`Add a period on ${name}`}
                            onClick={() => setDay(day, { intervals: [...row.intervals, { open: '17:00', close: '22:00' }] })}
                          >
                            <Plus className="size-4" aria-hidden="true" />
                          </Button>
                        ) : null}
                      </div>
                    ))}
                  </div>
                )}
              </fieldset>
            );
          })}
        </div>
        <p className="text-xs text-gray-600">A closing time of 00:00 is midnight; an earlier closing time than opening runs past midnight.</p>
        {isService ? (
          <div className="grid gap-1 sm:max-w-xs">
            <label htmlFor={`${formId}-duration`} className="text-sm font-medium text-gray-800">
              Appointment length (minutes)
            </label>
            <Input
              id={`${formId}-duration`}
              type="number"
              inputMode="numeric"
              min={10}
              max={720}
              step={5}
              value={duration}
              aria-invalid={Boolean(durationError)}
              aria-describedby={`${formId}-duration-hint${durationError ? ` ${formId}-duration-error` : ''}`}
              onChange={(e) => setDuration(e.target.value)}
            />
            <p id={`${formId}-duration-hint`} className="text-xs text-gray-600">
              Leave empty if customers do not book a time.
            </p>
            {durationError ? (
              <p id={`${formId}-duration-error`} className="text-sm text-red-700">
                {durationError}
              </p>
            ) : null}
          </div>
        ) : null}
        <InlineError message={formError ?? error} />
        <Button type="submit" size="sm" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          Save hours
        </Button>
      </form>
    </EditorBox>
  );
}
