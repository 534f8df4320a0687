import { useSyncExternalStore } from 'react';

/** Set by the boot script of a prerendered document (scripts/prerender-plugin.ts EARLY_INSTALL_PROMPT). */
export const EARLY_INSTALL_PROMPT = '__goLiveEarlyInstallPrompt';

/** Chromium's install event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

/** Which help dialog is open: the iOS steps, manual instructions for other browsers, or 'not supported'. */
export type InstallHelp = 'ios' | 'manual' | 'unsupported' | null;

type InstallState = { deferred: BeforeInstallPromptEvent | null; installed: boolean; help: InstallHelp };

const INITIAL: InstallState = { deferred: null, installed: false, help: null };
let state = INITIAL;
const listeners = new Set<() => void>();
let started = false;

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * Captures the browser's deferred install prompt. Called once from main.tsx, before React renders, because
 * the event can fire before the header mounts.
 */
export function startInstallPromptCapture(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // A prerendered document's boot script (scripts/prerender-plugin.ts) keeps a prompt that came before this ran.
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[EARLY_INSTALL_PROMPT];
  if (early) set({ deferred: early });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ deferred: null, installed: true }));
  // Opened as the installed app (display-mode standalone): the Install App action hides.
  window.matchMedia?.('(display-mode: standalone)').addEventListener?.('change', (event) => {
    if (event.matches) set({ deferred: null, installed: true });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useInstallState(): InstallState {
  // A prerendered page was rendered with nothing known yet: it hydrates with that.
  return useSyncExternalStore(subscribe, () => state, () => INITIAL);
}

/** Shows the captured browser prompt. Resolves to the outcome, or null when there was no prompt to show. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = state.deferred;
  if (!event) return null;
  // A deferred prompt can be used once.
  set({ deferred: null });
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') set({ installed: true });
  return choice.outcome;
}

/**
 * The Install App action: iOS Safari gets the Share -> Add to Home Screen -> Add help; other browsers get
 * their own prompt when they offered one, else manual instructions (never window.alert).
 */
export async function requestInstall(): Promise<'accepted' | 'dismissed' | 'help'> {
  if (isIosSafari()) {
    set({ help: 'ios' });
    return 'help';
  }
  try {
    const outcome = await promptInstall();
    if (outcome) return outcome;
  } catch {
    // A prompt that fails to show falls through to the manual instructions.
  }
  // Without service workers (or outside a secure context) a browser cannot install a web app at all.
  set({ help: installSupported() ? 'manual' : 'unsupported' });
  return 'help';
}

export function closeInstallHelp(): void {
  set({ help: null });
}

/** Safari on iPhone/iPad (iPadOS reports itself as a Mac with touch). Other iOS browsers are excluded. */
export function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const isIos = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|DuckDuckGo|YaBrowser/.test(ua);
  return isIos && /WebKit/.test(ua) && !otherBrowser;
}

/** The browser can install web apps here: service workers in a secure context (https, or localhost). */
export function installSupported(): boolean {
  if (typeof window === 'undefined') return false;
  return window.isSecureContext !== false && 'serviceWorker' in navigator;
}

/** True when the app already runs as an installed app. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}
