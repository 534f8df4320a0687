import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban, CalendarDays, Check, ChevronDown, ChevronLeft, ChevronRight, CircleDot, Clock, Lock, Minus, RefreshCw } from 'lucide-react';
import { UNIT_NAMES, type AvailabilityKind, type Block, type Calendar, type CalendarDay } from '@domain/availability/schemas';
import type { ProviderListing } from '@domain/provider/schemas';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime, weekdayNames } from '@domain/format';
import { Button } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { Spinner } from '@client/ui/spinner';
import {
  STATUS_LABEL,
  cellText,
  dayCounts,
  entrySpan,
  calendarKind,
  dayDescription,
  dayStatus,
  hasHours,
  hasMonthGrid,
  localIsoDay,
  longDay,
  monthOf,
  monthRange,
  monthTitle,
  monthWeeks,
  moveFocus,
  shiftMonth,
  shortDay,
  units,
  type DayStatus,
} from './calendar-logic';
import { BlocksEditor, CapacityForm, RulesForm } from './calendar-editors';
import { HoursEditor } from './hours-editor';
import { calendarQuery } from './provider-api';

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
  return useQuery({
    ...calendarQuery(kind, id, from, to),
    // The previous month stays on screen (editors included) while the next one loads.
    placeholderData: (previous) => previous,
  });
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
            {weekdayNames('long').map((long, day) => (
              <th key={long} scope="col" abbr={long} className="pb-1 text-center text-xs font-medium text-gray-600">
                {/* A letter on a phone, three letters from sm up; the full name for screen readers. */}
                <span aria-hidden="true" className="sm:hidden">
                  {weekdayNames('narrow')[day]}
                </span>
                <span aria-hidden="true" className="hidden sm:inline">
                  {weekdayNames('short')[day]}
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
