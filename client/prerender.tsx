/**
 * Build-time prerendering (scripts/prerender-plugin.ts loads this module in Node): the HTML of a route as the app's
 * first render shows it to a signed-out visitor, written into the built index.html (and one file per prerendered
 * route) so the first paint needs no JavaScript. main.tsx renders once the route's code has loaded, replacing this
 * markup with the same page, so nothing moves.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { Layout } from './app/layout';
import { Providers } from './app/providers';
import { routes } from './app/routes';

async function renderRoutes(tree: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(tree);
  const context = await handler.query(new Request(new URL(url, 'http://localhost/')));
  if (context instanceof Response) throw new Error(`prerender ${url}: the router answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
}

/** The markup of one client route (its page loaded, its data not yet: the same loading states the browser shows). */
export function renderRoute(url: string): Promise<string> {
  return renderRoutes(routes, url);
}

/** The layout with a spinner where the page goes: the first paint of every route that is not prerendered. */
export function renderShell(): Promise<string> {
  return renderRoutes([{ path: '/', Component: Layout, children: [{ path: '*', Component: PageSpinner }] }], '/shell');
}
