/**
 * Build-time prerendering (scripts/prerender-plugin.ts loads this module in Node): the HTML of a route as the app's
 * first render shows it to a signed-out visitor, written into the built index.html (and one file per prerendered
 * route) so the first paint needs no JavaScript. main.tsx hydrates it once the route's code has loaded (the same
 * tree: app/app-tree.tsx); the shell of other routes is replaced by their page.
 */
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { AppTree } from './app/app-tree';
import { Layout } from './app/layout';
import { Providers } from './app/providers';
import { loadRoute } from './app/routes';

/** The markup of one client route (its page loaded, its data not yet: the same loading states the browser shows). */
export async function renderRoute(url: string): Promise<string> {
  await loadRoute(new URL(url, 'http://localhost/').pathname);
  return renderToString(<AppTree router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />);
}

/** The layout with a spinner where the page goes: the first paint of every route that is not prerendered. */
export async function renderShell(): Promise<string> {
  return renderToString(
    <Providers>
      <StaticRouter location="/shell">
        <Routes>
          <Route path="/" element={<Layout />}>
            <Route path="*" element={<PageSpinner />} />
          </Route>
        </Routes>
      </StaticRouter>
    </Providers>,
  );
}
