import { openState, type WeeklyHours } from '@domain/availability/hours';

/** What a restaurant card and its menu say about opening hours at one moment. */
export type OpeningView = {
  open: boolean;
  /** 'Open now' or 'Closed'. */
  label: 'Open now' | 'Closed';
  /** 'Closes at 22:00', 'Open 24 hours', 'Opens at 11:00', 'Opens Mon 11:00' or 'No opening hours set this week'. */
  detail: string;
  /** While closed, the menu's warning before anything is ordered: 'Closed now — orders open at 11:00'. */
  warning: string | null;
};

/**
 * Open now / Closed and the next closing or opening time, from the restaurant's weekly hours (times are the
 * restaurant's own wall clock, as the server's refusal 'Closed now, opens at 11:00' writes them). Null when the
 * restaurant has no structured hours: nothing is shown then.
 */
export function openingView(hours: WeeklyHours | null | undefined, now: Date): OpeningView | null {
  if (!hours) return null;
  const state = openState(hours, now);
  if (state.open) return { open: true, label: 'Open now', detail: state.closesAt ? `Closes at ${state.closesAt}` : 'Open 24 hours', warning: null };
  if (state.opensAt === null) return { open: false, label: 'Closed', detail: 'No opening hours this week', warning: 'Closed now — not taking orders' };
  // "11:00" is later today; "Mon 11:00" is another day.
  const when = /^\d/.test(state.opensAt) ? `at ${state.opensAt}` : state.opensAt;
  return { open: false, label: 'Closed', detail: `Opens ${when}`, warning: `Closed now — orders open ${when}` };
}
