import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType, type Navigator } from 'react-router';
import { rememberScroll } from './scroll-restoration';

const NavigationPending = createContext(false);

/** True while the next page's code is loading: the current page stays on screen meanwhile. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}

type To = Parameters<Navigator['push']>[0];

/**
 * The app's router in the browser: React Router in declarative mode over the browser's history (ADR 021: the data
 * router's code is not in the first load). As with the data router, a link or `navigate()` changes the address only
 * once the next page's code has loaded (`loadPage`), so what is on screen always belongs to the address shown; a
 * later navigation overtakes an earlier one still loading. Back and Forward change the address at once: the old page
 * stays until the new one renders. `useNavigationPending()` drives the layout's progress bar; `onNavigate` hears
 * every change of path.
 */
export function AppRouter({
  children,
  loadPage,
  pageLoaded,
  onNavigate,
}: {
  children: ReactNode;
  loadPage: (pathname: string) => Promise<void>;
  /** True when `loadPage` has nothing to wait for: the address changes at once (same page, a page seen before). */
  pageLoaded: (pathname: string) => boolean;
  onNavigate?: (pathname: string) => void;
}) {
  const history = useRef<ReturnType<typeof createBrowserHistory>>(null);
  history.current ??= createBrowserHistory({ window, v5Compat: true });
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.current!.action as NavigationType,
    location: history.current!.location,
  }));
  const [rendering, startTransition] = useTransition();
  const [loading, setLoading] = useState(false);
  const current = useRef(state.location);
  const latest = useRef(0);
  const notify = useRef(onNavigate);
  notify.current = onNavigate;
  const load = useRef(loadPage);
  load.current = loadPage;
  const loaded = useRef(pageLoaded);
  loaded.current = pageLoaded;

  useLayoutEffect(
    () =>
      history.current!.listen(({ action, location }) => {
        // The page on screen is still the one being left.
        rememberScroll(current.current.key);
        const pathChanged = location.pathname !== current.current.pathname;
        current.current = location;
        const show = () => startTransition(() => setState({ action: action as NavigationType, location }));
        if (action === 'POP' && !loaded.current(location.pathname)) void load.current(location.pathname).then(show, show);
        else show();
        if (pathChanged) notify.current?.(location.pathname);
      }),
    [],
  );

  const navigator = useMemo<Navigator>(() => {
    const browser = history.current!;
    const after = (to: To, move: () => void) => {
      const id = ++latest.current;
      const pathname = typeof to === 'string' ? new URL(to, window.location.href).pathname : (to.pathname ?? window.location.pathname);
      if (loaded.current(pathname)) {
        setLoading(false);
        move();
        return;
      }
      setLoading(true);
      const go = () => {
        if (id !== latest.current) return;
        setLoading(false);
        move();
      };
      // A page that cannot load still gets its address: its error boundary says what went wrong.
      void load.current(pathname).then(go, go);
    };
    return {
      createHref: (to) => browser.createHref(to),
      encodeLocation: (to) => browser.encodeLocation(to),
      go: (delta) => browser.go(delta),
      push: (to, state) => after(to, () => browser.push(to, state)),
      replace: (to, state) => after(to, () => browser.replace(to, state)),
    };
  }, []);

  return (
    <NavigationPending value={loading || rendering}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </NavigationPending>
  );
}
