import { use, type ComponentType } from 'react';

/** A page whose code is its own chunk: `Page` renders it (suspending while it loads), `load` fetches it ahead. */
export type LazyPage = { Page: ComponentType; load: () => Promise<void>; loaded: () => boolean };

/**
 * Unlike React.lazy, a page whose code is already here renders at once, in the same commit: main.tsx loads the first
 * route's page before the first render, so React replaces the prerendered HTML with the same page rather than with a
 * spinner. A failed load (offline, a chunk gone after a deploy) reaches the page's error boundary; the next visit
 * tries again.
 */
export function lazyPage(importPage: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failed = false;
  // Asked for ahead of a visit (the router, main.tsx): starts the load, or starts it again after a failure.
  const load = () => {
    if (!loading || failed) {
      failed = false;
      loading = importPage().then(
        (component) => {
          Loaded = component;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return loading;
  };
  function Page() {
    // Rendering uses the load under way, or the one that failed (its error is the error boundary's to show).
    if (!Loaded) use(loading ?? load());
    return Loaded ? <Loaded /> : null;
  }
  return { Page, load, loaded: () => Loaded !== undefined };
}
