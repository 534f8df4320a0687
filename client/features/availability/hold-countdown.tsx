import { useEffect, useState } from 'react';
import { Clock, TimerOff } from 'lucide-react';
import { countdownAnnouncement, formatCountdown, HOLD_EXPIRED } from './hold-countdown-logic';

/**
 * 'We hold this for 14:32' under the payment dialog's title: the time left to pay before the booking's rooms, cars,
 * seats or dates are released, ticking each second. Screen readers hear it once a minute (a polite live region that
 * changes only with the whole minutes), and once when the hold has expired.
 */
export function HoldCountdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  const left = deadline - now;
  const expired = left <= 0;

  useEffect(() => {
    if (expired) return;
    // Ticks on the second boundary of the time left, so the display never skips or repeats a second.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const rest = (deadline - current) % 1000;
      timer = setTimeout(tick, rest > 0 ? rest + 5 : 1000);
    };
    timer = setTimeout(tick, Math.max(5, ((deadline - Date.now()) % 1000) + 5));
    return () => clearTimeout(timer);
  }, [deadline, expired]);

  // Nothing is announced when the dialog opens (the text is there to read); then each whole minute, then the expiry.
  const [spokenMinute] = useState(() => countdownAnnouncement(left));
  const minuteText = countdownAnnouncement(left);
  const announcement = expired ? HOLD_EXPIRED : minuteText === spokenMinute ? '' : minuteText;

  return (
    <div
      data-testid="hold-countdown"
      className={
        expired
          ? 'flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900'
          : 'flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900'
      }
    >
      {expired ? <TimerOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <Clock className="size-4 shrink-0" aria-hidden="true" />}
      {expired ? (
        <p aria-hidden="true">{HOLD_EXPIRED}</p>
      ) : (
        <p>
          We hold this for{' '}
          <span role="timer" className="font-semibold tabular-nums">
            {formatCountdown(left)}
          </span>
        </p>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
