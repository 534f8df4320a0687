import { forwardRef } from 'react';
import { CalendarX2 } from 'lucide-react';
import { Button } from '@client/ui/button';
import { Spinner } from '@client/ui/spinner';

export type SoldOutNoticeProps = {
  /** 'Sold out for these dates' or, for a property, 'Booked for these dates'. */
  title: string;
  /** The reason: the server's message as it came, or the same words worked out from the calendar. */
  reason?: string | null;
  /** The nearest free dates, already in words ('Mar 3, 2027 to Mar 5, 2027'), and what choosing them does. */
  nearest?: { text: string; onChoose: () => void } | null;
  /** The free dates are still being asked for. */
  searching?: boolean;
};

/**
 * The dates asked for cannot be booked: why, and the nearest dates that can, as a button that picks them. It is an
 * alert (announced when it appears) and can take focus, so a refused booking can hand the keyboard to it.
 */
export const SoldOutNotice = forwardRef<HTMLDivElement, SoldOutNoticeProps>(function SoldOutNotice({ title, reason, nearest, searching }, ref) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-400">
      <p className="flex items-center gap-2 font-semibold">
        <CalendarX2 className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      {reason && reason !== title ? <p className="break-words">{reason}</p> : null}
      {nearest ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p>Nearest free dates: {nearest.text}</p>
          <Button size="sm" variant="outline" className="bg-white" onClick={nearest.onChoose}>
            Choose {nearest.text}
          </Button>
        </div>
      ) : searching ? (
        <Spinner label="Looking for the nearest free dates…" showLabel className="text-red-900" />
      ) : (
        <p>No free dates nearby. Try other dates.</p>
      )}
    </div>
  );
});
