import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TrackingView } from '../../domain/catalogue/types';
import { fillPage, SERVER_RENDER } from '../../domain/pages';

/** What the build's render module (client/prerender.tsx, built for Node) offers the server. */
type RenderModule = {
  renderTrackingPage: (url: string, idOrNumber: string, tracking: TrackingView, config: { mapTileUrl: string }) => Promise<{ html: string; data: unknown }>;
};

/** Documents rendered per request, each the whole HTML page, hydrated by the browser (ADR 025). */
export type PageRenderer = {
  /** /track/{id} showing `tracking`: `path` as requested (no query), `idOrNumber` as the page's route reads it. */
  tracking(path: string, idOrNumber: string, tracking: TrackingView, config: { mapTileUrl: string }): Promise<string>;
};

/**
 * The page renderer of the client built in `distDir`, or undefined when that build has no render module (no build, or
 * one made without it): every route then gets its prerendered document as before.
 */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer | undefined> {
  const dir = `${distDir}${SERVER_RENDER.dirSuffix}`;
  const modulePath = join(dir, SERVER_RENDER.module);
  const templatePath = join(dir, SERVER_RENDER.template);
  if (!existsSync(modulePath) || !existsSync(templatePath)) return undefined;
  const template = readFileSync(templatePath, 'utf8');
  const render = (await import(pathToFileURL(modulePath).href)) as RenderModule;
  return {
    async tracking(path, idOrNumber, tracking, config) {
      const page = await render.renderTrackingPage(path, idOrNumber, tracking, config);
      return fillPage(template, { path, html: page.html, data: page.data });
    },
  };
}
