import { describe, expect, it } from 'vitest';
import { savedAgo } from './offline-snapshot';

describe('savedAgo', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const ago = (seconds: number) => savedAgo(new Date(now - seconds * 1000).toISOString(), now);

  it('says how old a kept copy is, in its largest whole unit', () => {
    expect(ago(0)).toBe('Saved just now');
    expect(ago(59)).toBe('Saved just now');
    expect(ago(60)).toBe('Saved 1 minute ago');
    expect(ago(5 * 60 + 30)).toBe('Saved 5 minutes ago');
    expect(ago(59 * 60)).toBe('Saved 59 minutes ago');
    expect(ago(3600)).toBe('Saved 1 hour ago');
    expect(ago(23 * 3600 + 3599)).toBe('Saved 23 hours ago');
    expect(ago(86_400)).toBe('Saved 1 day ago');
    expect(ago(40 * 86_400)).toBe('Saved 40 days ago');
  });

  it('reads a time in the future (a clock set back) as just now, and an unreadable time as earlier', () => {
    expect(ago(-3600)).toBe('Saved just now');
    expect(savedAgo('not a date', now)).toBe('Saved earlier');
  });
});
