import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { isIosSafari, isStandalone } from './install-prompt';
import { IOS_BANNER_AUTO_HIDE_MS, IOS_BANNER_DELAY_MS, iosBannerAllowed, parseDismissedAt } from './timing-rules';

/** localStorage key holding when the banner was last dismissed (ms since the epoch). */
export const IOS_BANNER_DISMISSED_KEY = 'go-live-ios-install-dismissed';

function dismissedAt(): number | null {
  try {
    return parseDismissedAt(window.localStorage.getItem(IOS_BANNER_DISMISSED_KEY));
  } catch {
    return null;
  }
}

/** Small install hint for iOS Safari, where no install prompt exists. */
export function IosInstallBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    // Spec 002 sections 4 and 9: 3 s after load, not installed, not dismissed in the last 24 h; hides after 15 s.
    if (!iosBannerAllowed({ iosSafari: isIosSafari(), standalone: isStandalone(), dismissedAt: dismissedAt(), now: Date.now() })) return;
    const show = setTimeout(() => setVisible(true), IOS_BANNER_DELAY_MS);
    const hide = setTimeout(() => setVisible(false), IOS_BANNER_DELAY_MS + IOS_BANNER_AUTO_HIDE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    setVisible(false);
    try {
      window.localStorage.setItem(IOS_BANNER_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Not remembering the dismissal only means the hint may come back tomorrow.
    }
  };

  return (
    <aside
      aria-label="Install Go Live"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xl animate-toast-in"
    >
      <img src="/icon.svg" alt="" className="size-10 shrink-0 rounded-lg" />
      <p className="min-w-0 flex-1 text-sm text-gray-800">
        <span className="font-semibold">Install Go Live:</span> tap Share, then Add to Home Screen, then Add.
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss install hint"
        className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
