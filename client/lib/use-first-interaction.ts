import { useEffect, useState } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * False until the visitor first presses a key, clicks or touches the page: for what only an interaction can need
 * (and that should be in place before its outcome shows), kept out of a visit that only looks.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const onInteraction = () => setInteracted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true, once: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    };
  }, [interacted]);
  return interacted;
}
