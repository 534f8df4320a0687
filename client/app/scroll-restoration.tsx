import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'go-live-scroll-positions';

/** Where each history entry was scrolled to when the visitor left it, by location key (kept across reloads). */
const positions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

/** Called by the router just before it moves to another location: the page on screen is still the old one. */
export function rememberScroll(key: string): void {
  positions[key] = window.scrollY;
}

/**
 * Scroll on navigation as a multi-page site does: a new page starts at the top, or at the element its #hash names;
 * Back and Forward (and a reload) return to where that page was left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      rememberScroll(window.history.state?.key ?? 'default');
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are kept for this document only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
      return;
    }
    if (location.hash) {
      let id = location.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // Not percent-encoded text: the id as written.
      }
      const element = document.getElementById(id);
      if (element) {
        element.scrollIntoView();
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.key, location.hash, navigationType]);

  return null;
}
