import { describe, expect, it } from 'vitest';
import { documentFor } from './pages';

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
