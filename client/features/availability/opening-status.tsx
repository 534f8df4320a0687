import { AlertTriangle } from 'lucide-react';
import type { WeeklyHours } from '@domain/availability/hours';
import { cn } from '@client/lib/cn';
import { Badge } from '@client/ui/badge';
import { useMinuteClock } from './opening-clock';
import { openingView } from './opening-logic';

/**
 * 'Open now · Closes at 22:00' or 'Closed · Opens at 11:00' for a restaurant, evaluated again each minute. Nothing
 * when the restaurant has no structured hours (or while the page is still the server's render).
 */
export function OpeningStatus({ hours, className }: { hours: WeeklyHours | null | undefined; className?: string }) {
  const now = useMinuteClock();
  const view = now ? openingView(hours, now) : null;
  if (!view) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)} data-testid="opening-status">
      <Badge variant={view.open ? 'success' : 'destructive'}>{view.label}</Badge>
      <span className="text-gray-700">{view.detail}</span>
    </p>
  );
}

/** The menu's warning while closed, before anything is ordered: 'Closed now — orders open at 11:00'. */
export function ClosedWarning({ hours }: { hours: WeeklyHours | null | undefined }) {
  const now = useMinuteClock();
  const view = now ? openingView(hours, now) : null;
  if (!view?.warning) return null;
  return (
    <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="font-medium">{view.warning}</p>
    </div>
  );
}
