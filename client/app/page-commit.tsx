import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/** What to call once the first page has committed (main.tsx: hand the prerendered page over). */
export const PageCommit = createContext<(() => void) | undefined>(undefined);

/**
 * Wraps the page inside the layout's Suspense boundary. React hydrates what is inside a Suspense boundary in a pass
 * of its own, after the rest of the app has committed: only when this commits are the page's handlers and effects
 * attached (e.g. the home page's listener for the footer's section links), so the prerendered page is handed over
 * here, not when the header is.
 */
export function PageCommitted({ children }: { children: ReactNode }) {
  const onCommit = useContext(PageCommit);
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  return children;
}
