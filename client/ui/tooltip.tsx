import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Spec 000 section 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed: a tooltip opened within TOOLTIP_SKIP_DELAY_MS of it opens at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * A short text label for one focusable element (the header's icon buttons), shown below it on hover and keyboard
 * focus and hidden with Escape. Plain React rather than a positioning library: the header needs it on the first
 * screen, where every kilobyte counts (issue 13). The label is visual only: the element must carry the same words
 * in its own accessible name (aria-label), so screen readers hear it once.
 */
export function SimpleTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = (immediate: boolean) => {
    window.clearTimeout(timer.current);
    if (immediate || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = performance.now();
      return false;
    });
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show(false)}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show(false)}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {children}
      {open ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1/2 top-full z-50 mt-1.5 -translate-x-1/2 animate-fade-in whitespace-nowrap rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow-md"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
