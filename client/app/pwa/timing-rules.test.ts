import { describe, expect, it } from 'vitest';
import { IOS_BANNER_REPEAT_MS, ONLINE_BADGE_HIDE_MS, connectivityMessage, iosBannerAllowed, parseDismissedAt } from './timing-rules';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('iOS install banner', () => {
  it('is offered in iOS Safari when not installed and never dismissed', () => {
    expect(iosBannerAllowed({ iosSafari: true, standalone: false, dismissedAt: null, now: NOW })).toBe(true);
  });

  it('is not offered in other browsers or when running installed', () => {
    expect(iosBannerAllowed({ iosSafari: false, standalone: false, dismissedAt: null, now: NOW })).toBe(false);
    expect(iosBannerAllowed({ iosSafari: true, standalone: true, dismissedAt: null, now: NOW })).toBe(false);
  });

  it('stays away for 24 h after a dismissal and comes back after', () => {
    expect(iosBannerAllowed({ iosSafari: true, standalone: false, dismissedAt: NOW - IOS_BANNER_REPEAT_MS + 60_000, now: NOW })).toBe(false);
    expect(iosBannerAllowed({ iosSafari: true, standalone: false, dismissedAt: NOW - IOS_BANNER_REPEAT_MS, now: NOW })).toBe(true);
  });

  it('treats a dismissal stamped in the future as recent', () => {
    expect(iosBannerAllowed({ iosSafari: true, standalone: false, dismissedAt: NOW + 1000, now: NOW })).toBe(false);
  });

  it('reads unreadable stored dismissals as never dismissed', () => {
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('yesterday')).toBeNull();
    expect(parseDismissedAt('-5')).toBeNull();
    expect(parseDismissedAt(String(NOW))).toBe(NOW);
  });
});

describe('connectivity badge', () => {
  it('shows the online message for 5 s after mount, then nothing', () => {
    expect(connectivityMessage({ online: true, wasOffline: false, elapsedMs: 0 })).toBe('online');
    expect(connectivityMessage({ online: true, wasOffline: false, elapsedMs: ONLINE_BADGE_HIDE_MS - 1 })).toBe('online');
    expect(connectivityMessage({ online: true, wasOffline: false, elapsedMs: ONLINE_BADGE_HIDE_MS })).toBeNull();
  });

  it('keeps the offline message however long the visitor stays offline', () => {
    expect(connectivityMessage({ online: false, wasOffline: true, elapsedMs: 0 })).toBe('offline');
    expect(connectivityMessage({ online: false, wasOffline: true, elapsedMs: 10 * 60_000 })).toBe('offline');
  });

  it('says back online for 5 s after a reconnect', () => {
    expect(connectivityMessage({ online: true, wasOffline: true, elapsedMs: 1000 })).toBe('back-online');
    expect(connectivityMessage({ online: true, wasOffline: true, elapsedMs: ONLINE_BADGE_HIDE_MS })).toBeNull();
  });
});
