import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Runs `reset` (which sets the calling component's own state) when a navigation commits: menus and
 * popups close. It adjusts state during render, as React recommends over an effect.
 */
export function useOnNavigation(reset: (key: string) => void): void {
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    reset(key);
  }
}

/**
 * The key of the history entry the browser is on now. React Router renders the next page as a transition,
 * committed once its code has arrived; until then `useLocation()` still names the last entry, while the
 * browser's history (and this key) has moved on. The first entry has no key of its own: "default", as there.
 */
export function currentEntryKey(): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? state.key : undefined;
  return typeof key === 'string' ? key : 'default';
}

type SetOpen = (open: boolean | ((open: boolean) => boolean)) => void;

/**
 * Open-or-closed state for a menu or popup that a navigation closes. It remembers the history entry it was
 * opened on, and a committed navigation closes it only if that was an earlier entry. On a slow phone the
 * visitor taps a link, the next page's code takes a while, and they open the menu again meanwhile: that menu
 * belongs to the page that is arriving, and stays open when it does (it used to snap shut under their finger).
 */
export function useOpenUntilNavigation(): [boolean, SetOpen] {
  const [openOn, setOpenOn] = useState<string | null>(null);
  useOnNavigation((key) => {
    if (openOn !== null && openOn !== key) setOpenOn(null);
  });
  const setOpen = useCallback<SetOpen>((next) => {
    const entry = currentEntryKey();
    setOpenOn((on) => {
      const open = typeof next === 'function' ? next(on !== null) : next;
      return open ? (on ?? entry) : null;
    });
  }, []);
  return [openOn !== null, setOpen];
}
