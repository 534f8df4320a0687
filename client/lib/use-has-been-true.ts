import { useState } from 'react';

/**
 * True from the first render where `condition` is true, and from then on: for what is mounted when first needed
 * (its code loads then) and kept mounted afterwards, so closing animates and state survives.
 */
export function useHasBeenTrue(condition: boolean): boolean {
  const [latched, setLatched] = useState(condition);
  if (condition && !latched) setLatched(true);
  return latched || condition;
}
