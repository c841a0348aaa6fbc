import { useLocation } from 'react-router-dom';

/** Where to go after signing in: the page that sent the visitor here, else home. */
export function useRedirectTarget(): string {
  const state = useLocation().state as { from?: unknown } | null;
  const from = typeof state?.from === 'string' ? state.from : '/';
  // Only same-site paths: never an open redirect.
  return from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
