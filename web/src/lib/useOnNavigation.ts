import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Runs `reset` (which sets the calling component's own state) when the visitor navigates: menus and
 * popups close. It adjusts state during render, as React recommends over an effect.
 */
export function useOnNavigation(reset: () => void): void {
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    reset();
  }
}
