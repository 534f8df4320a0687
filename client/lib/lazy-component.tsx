import { use, type ComponentType } from 'react';

/** A component whose code is its own chunk: `Component` renders it (suspending while it loads), `load` fetches it ahead. */
export type LazyComponent<P extends object = object> = { Component: ComponentType<P>; load: () => Promise<void>; loaded: () => boolean };

/**
 * Unlike React.lazy, a component whose code is already here renders at once, in the same commit: the tracking map's
 * Leaflet part renders at once where it was loaded before, rather than after a spinner. A failed load (offline, a
 * chunk gone after a deploy) reaches the nearest error boundary; the next `load` (a visit, a prefetch) tries again.
 * (Pages are the router's `lazy` routes: client/app/routes.tsx.)
 */
export function lazyComponent<P extends object = object>(importComponent: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let failed = false;
  // Asked for ahead of a render (a prefetch): starts the load, or starts it again after a failure.
  const load = () => {
    if (!loading || failed) {
      failed = false;
      loading = importComponent().then(
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
  function Component(props: P) {
    // Rendering uses the load under way, or the one that failed (its error is the error boundary's to show).
    if (!Loaded) use(loading ?? load());
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Component, load, loaded: () => Loaded !== undefined };
}
