import { useEffect } from 'react';

/**
 * Keeps the screen on while `enabled` (a driver following an order should not have to unlock the phone at every
 * step). The browser releases the lock whenever the page is hidden, so it is requested again when the page becomes
 * visible. Where the Screen Wake Lock API is missing or refused (battery saver, no user gesture yet) nothing happens.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let requesting = false;
    let stopped = false;

    const acquire = async () => {
      if (stopped || requesting || sentinel || document.visibilityState !== 'visible') return;
      requesting = true;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        lock.addEventListener('release', () => {
          if (sentinel === lock) sentinel = null;
        });
      } catch {
        // Refused: the screen may sleep as usual; there is nothing useful to tell the driver.
      } finally {
        requesting = false;
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
      sentinel = null;
    };
  }, [enabled]);
}
