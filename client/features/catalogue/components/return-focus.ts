import { useRef } from 'react';

/**
 * Props for a Radix `DialogContent` opened through state rather than a `DialogTrigger`: Radix then has no
 * trigger to refocus on close and drops focus on <body>, so keyboard users lose their place. This remembers the
 * element that had focus when the dialog opened (the button that opened it) and returns focus there on close.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before Radix moves focus into the dialog, so this is still the opener.
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target && target.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
