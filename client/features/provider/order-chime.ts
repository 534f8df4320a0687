import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the provider's choice is kept (this browser only). Off unless they turn it on. */
export const SOUND_KEY = 'go-live-provider-sound';

function readChoice(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

function writeChoice(on: boolean) {
  try {
    if (on) window.localStorage.setItem(SOUND_KEY, 'on');
    else window.localStorage.removeItem(SOUND_KEY);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

/** Short sine notes, one after another, each fading in and out (no click). */
function chime(ctx: AudioContext, notes: readonly number[]) {
  const start = ctx.currentTime;
  for (const [i, frequency] of notes.entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const t = start + i * 0.18;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.32);
  }
}

/**
 * A two-note chime for a new order, made with Web Audio (no file to fetch). Browsers let a page make sound only
 * after the person has interacted with it, so the audio context is created or resumed inside a click or key press
 * (`unlock`), never at load: nothing tries to autoplay, so nothing is refused. Until then `play` stays silent.
 */
export function useOrderChime() {
  const [enabled, setEnabledState] = useState(false);
  const context = useRef<AudioContext | null>(null);
  const supported = audioContextClass() !== undefined;

  // The saved choice, read once mounted (the server's render has no storage).
  useEffect(() => setEnabledState(readChoice()), []);

  /** Inside a user gesture: the context starts (or resumes) and may sound from now on. */
  const unlock = useCallback(() => {
    const Ctx = audioContextClass();
    if (!Ctx) return;
    if (!context.current) context.current = new Ctx();
    if (context.current.state === 'suspended') void context.current.resume().catch(() => undefined);
  }, []);

  // With the sound on from an earlier visit, the first click or key press on the page unlocks it.
  useEffect(() => {
    if (!enabled || context.current?.state === 'running') return;
    const onGesture = () => unlock();
    document.addEventListener('pointerdown', onGesture, { once: true, capture: true });
    document.addEventListener('keydown', onGesture, { once: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', onGesture, { capture: true });
      document.removeEventListener('keydown', onGesture, { capture: true });
    };
  }, [enabled, unlock]);

  /** Plays the chime when the sound is on and the browser allows it; true when it sounded. */
  const play = useCallback((): boolean => {
    const ctx = context.current;
    if (!enabled || !ctx || ctx.state !== 'running') return false;
    chime(ctx, [880, 1318.5]);
    return true;
  }, [enabled]);

  /** The toggle: called from its click, so turning the sound on also unlocks it (and plays it once, as a sample). */
  const setEnabled = useCallback(
    (on: boolean) => {
      writeChoice(on);
      setEnabledState(on);
      if (!on) return;
      unlock();
      const ctx = context.current;
      if (!ctx) return;
      // A sample, so they hear what a new order sounds like (`play` of this render still sees the sound off).
      const sample = () => (ctx.state === 'running' ? chime(ctx, [880]) : undefined);
      if (ctx.state === 'running') sample();
      else void ctx.resume().then(sample, () => undefined);
    },
    [unlock],
  );

  // The context is closed with the page.
  useEffect(
    () => () => {
      void context.current?.close().catch(() => undefined);
      context.current = null;
    },
    [],
  );

  return { enabled, setEnabled, play, supported };
}
