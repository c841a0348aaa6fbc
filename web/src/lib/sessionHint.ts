import { useSyncExternalStore } from 'react';

/**
 * Whether this browser was signed in when the site last knew, kept without the Firebase SDK so a
 * signed-out visitor's public pages never load it. It is only a hint: where the SDK is loaded, its
 * auth state is the truth and rewrites the hint (see authState.ts).
 */
const KEY = 'upskill:signed-in';
const SAME_TAB_EVENT = 'upskill:signed-in';

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean): void {
  if (hasSessionHint() === signedIn) return;
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the header then learns the state from the SDK on the pages that load it.
  }
  window.dispatchEvent(new Event(SAME_TAB_EVENT));
}

/** Calls back when the hint changes in this tab or another one (signing in or out elsewhere). */
export function onSessionHintChange(callback: (signedIn: boolean) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) callback(hasSessionHint());
  };
  const onSameTab = () => callback(hasSessionHint());
  window.addEventListener('storage', onStorage);
  window.addEventListener(SAME_TAB_EVENT, onSameTab);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SAME_TAB_EVENT, onSameTab);
  };
}

/** The hint as React state: false while prerendering and hydrating, then this browser's value, kept current. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(
    (onChange) => onSessionHintChange(() => onChange()),
    hasSessionHint,
    () => false,
  );
}
