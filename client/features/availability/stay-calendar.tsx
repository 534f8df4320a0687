import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DEFAULT_RULES, type BookingRules } from '@domain/availability/schemas';
import { parseDay } from '@domain/catalogue/pricing';
import { cn } from '@client/lib/cn';
import { pluralize, weekdayNames } from '@domain/format';
import { Button } from '@client/ui/button';
import {
  FEW_LEFT,
  isDay,
  longDayLabel,
  monthLabel,
  monthWeeks,
  moveFocus,
  pickStayDay,
  shiftMonth,
  stayDayState,
  type DayFree,
  type StayPick,
} from './day-availability';


export type StayCalendarProps = {
  /** Names the calendar, e.g. 'Choose your nights'. */
  label: string;
  /** The days loaded (free units per night); the grid covers their months. */
  days: readonly DayFree[];
  /** Rooms wanted each night. */
  wanted: number;
  /** The first day a stay may start (today plus the hotel's notice). */
  earliest: string;
  rules?: BookingRules;
  value: StayPick;
  onChange: (pick: StayPick) => void;
};

/**
 * A month grid for a hotel stay: nights without enough rooms are greyed and cannot start a stay (one can still be the
 * check-out day). A click (or Enter/Space) picks the check-in day, then the check-out day. Keyboard: arrows move by day
 * and week, Home/End to the week's ends, Page Up/Down by month; one day is in the tab order (roving tabindex).
 * Unavailable days stay focusable (aria-disabled) so the keyboard can pass over them and hear why.
 */
export function StayCalendar({ label, days, wanted, earliest, rules = DEFAULT_RULES, value: given, onChange }: StayCalendarProps) {
  const headingId = useId();
  // A check-out typed on or before the check-in (the date fields allow it) is no stay: the grid asks for the check-out.
  const outOfOrder = Boolean(given.checkIn && given.checkOut) && given.checkOut <= given.checkIn;
  const value = outOfOrder ? { checkIn: given.checkIn, checkOut: '' } : given;
  const freeOn = useMemo(() => new Map(days.map((d) => [d.date, d.free])), [days]);
  const first = days[0]?.date ?? earliest;
  const last = days[days.length - 1]?.date ?? earliest;
  const firstMonth = (first > earliest ? first : earliest).slice(0, 7);
  const lastMonth = last.slice(0, 7);
  const clampDay = (day: string) => (day < first ? first : day > last ? last : day);
  const initial = isDay(value.checkIn) ? clampDay(value.checkIn) : clampDay(earliest);

  const [month, setMonth] = useState(initial.slice(0, 7));
  const [focusDay, setFocusDay] = useState(initial);
  // The check-in may change outside the grid (the date inputs, the nearest free dates): the grid follows it.
  const [seenCheckIn, setSeenCheckIn] = useState(value.checkIn);
  if (seenCheckIn !== value.checkIn) {
    setSeenCheckIn(value.checkIn);
    if (isDay(value.checkIn) && value.checkIn >= first && value.checkIn <= last) {
      setMonth(value.checkIn.slice(0, 7));
      setFocusDay(value.checkIn);
    }
  }

  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A day the keyboard moved to in another month: focused once that month is drawn.
  const focusAfterRender = useRef<string | null>(null);
  useLayoutEffect(() => {
    const day = focusAfterRender.current;
    if (!day) return;
    focusAfterRender.current = null;
    buttons.current.get(day)?.focus();
  }, [month]);

  const weeks = monthWeeks(month);
  const tabDay = focusDay.slice(0, 7) === month ? focusDay : (weeks.flat().find((d): d is string => d !== null && d >= first) ?? `${month}-01`);

  const goMonth = (n: number) => {
    const next = shiftMonth(month, n);
    if (next < firstMonth || next > lastMonth) return;
    setMonth(next);
    // Keep the day of the month where it can be (31 -> 30 in a shorter month).
    const dayOfMonth = Number(focusDay.slice(8, 10));
    const length = monthWeeks(next).flat().filter(Boolean).length;
    setFocusDay(clampDay(`${next}-${String(Math.min(dayOfMonth, length)).padStart(2, '0')}`));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const target = moveFocus(day, event.key);
    if (!target) return;
    event.preventDefault();
    const next = clampDay(target);
    setFocusDay(next);
    // Focus moves at once (the next key press may come before a render); a day of another month once it is drawn.
    const button = buttons.current.get(next);
    if (button) button.focus();
    else {
      focusAfterRender.current = next;
      setMonth(next.slice(0, 7));
    }
  };

  const choosingCheckOut = Boolean(value.checkIn && !value.checkOut);
  return (
    <div role="group" aria-label={label} className="grid gap-2 rounded-lg border border-gray-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon-sm" aria-label="Previous month" disabled={month <= firstMonth} onClick={() => goMonth(-1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <p id={headingId} className="text-sm font-semibold text-gray-900" aria-live="polite">
          {monthLabel(month)}
        </p>
        <Button variant="ghost" size="icon-sm" aria-label="Next month" disabled={month >= lastMonth} onClick={() => goMonth(1)}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <table role="grid" aria-labelledby={headingId} className="w-full table-fixed border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekdayNames('short').map((short, day) => (
              <th key={short} scope="col" abbr={weekdayNames('long')[day]} className="pb-1 text-xs font-medium text-gray-500">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${i}`} />;
                const known = day >= first && day <= last;
                const state = stayDayState(day, value, freeOn, wanted, earliest, rules);
                const pickable = known && state.pickable;
                const isCheckIn = day === value.checkIn;
                const isCheckOut = day === value.checkOut;
                const inStay = Boolean(value.checkIn && value.checkOut) && day > value.checkIn && day < value.checkOut;
                const free = freeOn.get(day);
                const note = !known
                  ? ', not available to book yet'
                  : state.past
                    ? ', not available'
                    : state.soldOut
                      ? state.role === 'check-out'
                        ? ', sold out, you can leave this day'
                        : ', sold out'
                      : free !== undefined && free <= FEW_LEFT
                        ? `, ${pluralize(free, 'room')} left`
                        : '';
                // Not 'check-in'/'check-out': those name the date fields, and a day should not be found by their label.
                const role = isCheckIn ? ', your stay starts' : isCheckOut ? ', your stay ends' : inStay ? ', in your stay' : '';
                return (
                  <td key={day} aria-selected={isCheckIn || isCheckOut || inStay} className="p-0.5">
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) buttons.current.set(day, el);
                        else buttons.current.delete(day);
                      }}
                      tabIndex={day === tabDay ? 0 : -1}
                      aria-disabled={!pickable || undefined}
                      aria-label={`${longDayLabel(day)}${role}${note}`}
                      onClick={() => {
                        if (!pickable) return;
                        setFocusDay(day);
                        onChange(pickStayDay(day, value, state));
                      }}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      className={cn(
                        'flex h-10 w-full items-center justify-center rounded-md tabular-nums transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
                        // A night of the chosen stay that is sold out shows so: chosen, but struck through in red.
                        (isCheckIn || inStay) && known && state.soldOut && !state.past
                          ? 'bg-red-100 font-semibold text-red-800 line-through ring-1 ring-red-300'
                          : isCheckIn || isCheckOut
                          ? 'bg-brand-600 font-semibold text-white'
                          : inStay
                            ? 'bg-brand-100 text-brand-900'
                            : pickable
                              ? 'text-gray-900 hover:bg-brand-50'
                              : state.past || !known
                                ? 'cursor-not-allowed text-gray-300'
                                : 'cursor-not-allowed bg-gray-100 text-gray-400 line-through',
                      )}
                    >
                      {new Date(parseDay(day)).getUTCDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-gray-600" aria-live="polite">
        {outOfOrder ? (
          <span className="font-medium text-red-700">Check-out must be after check-in: pick a check-out day after {longDayLabel(given.checkIn)}. </span>
        ) : null}
        {outOfOrder ? '' : choosingCheckOut ? 'Now pick your check-out day.' : 'Pick your check-in day, then your check-out day.'} Greyed, struck-through
        nights are sold out{rules.minNights > 1 ? `; stays are at least ${pluralize(rules.minNights, 'night')}` : ''}.
      </p>
    </div>
  );
}
