import { useEffect, useRef } from 'react';

/**
 * While `active`, Escape anywhere on the page calls `onEscape`. With `first`, the key is taken in the
 * capture phase and stopped there, so an inner popup closes before the menu around it.
 */
export function useEscapeKey(active: boolean, onEscape: () => void, { first = false } = {}): void {
  const handler = useRef(onEscape);
  useEffect(() => {
    handler.current = onEscape;
  });
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (first) event.stopPropagation();
      handler.current();
    };
    document.addEventListener('keydown', onKey, first);
    return () => document.removeEventListener('keydown', onKey, first);
  }, [active, first]);
}
