import { describe, expect, it } from 'vitest';
import { documentFor, fillPage, PAGE_SLOTS } from './pages';

describe('documentFor', () => {
  const built = new Set(['index.html', 'onboarding.html', 'shell.html']);

  it('gives the home its own document, prerendered routes theirs, and every other route the shell', () => {
    expect(documentFor('/', built)).toBe('index.html');
    expect(documentFor('/onboarding', built)).toBe('onboarding.html');
    expect(documentFor('/onboarding/', built)).toBe('onboarding.html');
    for (const path of ['/track/GL-1', '/bookings', '/onboarding/x', '/shell', '/index', '/Onboarding', '/a.html']) {
      expect(documentFor(path, built), path).toBe('shell.html');
    }
  });

  it('falls back to index.html for a build without prerendered documents', () => {
    expect(documentFor('/bookings', new Set(['index.html']))).toBe('index.html');
    expect(documentFor('/onboarding', new Set(['index.html']))).toBe('index.html');
  });
});

describe('fillPage', () => {
  const template = `<div data-prerendered="${PAGE_SLOTS.path}">${PAGE_SLOTS.html}</div><script type="application/json">${PAGE_SLOTS.data}</script>`;

  it('puts the path, the markup and the data in their places', () => {
    const page = fillPage(template, { path: '/track/trk_1', html: '<p>Hi</p>', data: [[['/api/tracking', 'trk_1'], { a: 1 }]] });
    expect(page).toBe('<div data-prerendered="/track/trk_1"><p>Hi</p></div><script type="application/json">[[["/api/tracking","trk_1"],{"a":1}]]</script>');
  });

  it('keeps text from the record from ending the data script or the attribute, and reads back as the same data', () => {
    const data = { message: '</script><script>alert(1)</script><!-- & \u2028 $& $1' };
    const page = fillPage(template, { path: '/track/"><script>', html: PAGE_SLOTS.data, data });
    expect(page).not.toContain('</script><script>');
    expect(page).toContain('data-prerendered="/track/&quot;&gt;&lt;script&gt;"');
    // The markup is placed last: a placeholder's text in it stays text.
    expect(page).toContain(`>${PAGE_SLOTS.data}</div>`);
    const json = page.slice(page.indexOf('application/json">') + 'application/json">'.length, page.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(data);
  });
});
