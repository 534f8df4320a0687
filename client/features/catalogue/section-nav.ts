import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { scrollBehavior } from '@client/lib/motion';

/**
 * Fired when a section was asked for but is not in the page (e.g. the Unified Booking tab is showing);
 * the home page listens, switches to the Individual Services tab and scrolls once the section exists.
 */
export const SECTION_REQUEST_EVENT = 'go-live:section-request';

/** Scrolls to an element and moves keyboard focus there (sections carry tabIndex -1). */
export function scrollToElement(element: HTMLElement): void {
  if (element.tabIndex >= -1 && element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
}

/** Scrolls the home page to a section by id; returns false when the section is not rendered yet. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (element) {
    scrollToElement(element);
    return true;
  }
  window.dispatchEvent(new CustomEvent<string>(SECTION_REQUEST_EVENT, { detail: id }));
  return false;
}

/** Returns `goToSection(id)`: scrolls when already on the home page, otherwise opens `/#id`. */
export function useSectionNavigator(): (id: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      if (pathname === '/') scrollToSection(id);
      else void navigate({ pathname: '/', hash: `#${id}` });
    },
    [navigate, pathname],
  );
}
