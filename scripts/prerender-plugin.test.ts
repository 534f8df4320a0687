import { describe, expect, it } from 'vitest';
import { EARLY_INSTALL_PROMPT as CLIENT_NAME } from '../client/app/pwa/install-prompt';
import { bootAfterPaint, EARLY_INSTALL_PROMPT } from './prerender-plugin';

const built = `<head>
    <title>Go Live</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/api-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>`;

describe('the boot script of a prerendered document', () => {
  it('replaces the entry and its preloads with one boot script that loads them after the first paint', () => {
    let boot = '';
    const html = bootAfterPaint(built, (source) => {
      boot = source;
      return 'assets/boot-xyz.js';
    });
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-xyz.js"></script>');
    expect(html).not.toContain('index-abc.js');
    expect(html).not.toContain('modulepreload');
    // The stylesheet stays render-blocking in the document.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(boot).toContain('import("/assets/index-abc.js")');
    expect(boot).toContain('["/assets/react-1.js","/assets/api-2.js"]');
    expect(boot).toContain("observe({ type: 'paint', buffered: true })");
    // An install prompt that comes before the app runs is kept where the app looks for it.
    expect(boot).toContain(`window.${EARLY_INSTALL_PROMPT} = event`);
    expect(CLIENT_NAME).toBe(EARLY_INSTALL_PROMPT);
  });

  it('refuses a document without a module entry', () => {
    expect(() => bootAfterPaint('<head></head>', () => 'x')).toThrow(/no module entry/);
  });
});
