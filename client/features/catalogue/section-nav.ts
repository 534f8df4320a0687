import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { scrollBehavior } from '@client/lib/motion';

/**
 * Asks the home page for a section: it switches to the Individual Services tab, loads the sections, scrolls once the
 * section exists and keeps it in place while the sections above it load and grow (keepInView).
 */
export const SECTION_REQUEST_EVENT = 'go-live:section-request';

/** Scrolls to an element and moves keyboard focus there (sections carry tabIndex -1). */
export function scrollToElement(element: HTMLElement): void {
  if (element.tabIndex >= -1 && element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
}

/** Asks the home page (which must be showing) to bring a section into view. */
export function requestSection(id: string): void {
  window.dispatchEvent(new CustomEvent<string>(SECTION_REQUEST_EVENT, { detail: id }));
}

/** Keeping stops once nothing has changed size for this long and no section is still a placeholder... */
const SETTLE_MS = 1500;
/** ...and in any case after this long. */
const KEEP_MAX_MS = 10_000;
/** Any of these means the visitor has taken over: stop moving the page. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * After a jump to a section, sections above it may still load or grow (code and data arrive after the jump), which
 * would push the section away. Until that settles, or the visitor scrolls, types or clicks, this scrolls to the
 * section again whenever `root` (the element holding the sections) changes size; a placeholder replaced by its
 * section gets the keyboard focus back. Returns a function that stops it.
 */
export function keepInView(id: string, root: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let settle = 0;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(settle);
    window.clearTimeout(limit);
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const settleLater = () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(() => (root.querySelector('[aria-busy="true"]') ? settleLater() : stop()), SETTLE_MS);
  };
  const observer = new ResizeObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    if (document.activeElement === document.body && element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
    element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    settleLater();
  });
  observer.observe(root);
  const limit = window.setTimeout(stop, KEEP_MAX_MS);
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  settleLater();
  return stop;
}

/** Returns `goToSection(id)`: scrolls when already on the home page, otherwise opens `/#id`. */
export function useSectionNavigator(): (id: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      if (pathname === '/') requestSection(id);
      else void navigate({ pathname: '/', hash: `#${id}` });
    },
    [navigate, pathname],
  );
}
