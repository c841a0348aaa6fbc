import type { ReactNode } from 'react';
import { useHydrated } from '../lib/useHydrated';

/**
 * Wraps a prerendered form's controls: they stay disabled until hydration, so nothing typed or clicked early
 * is lost and the form can never submit natively (which would put its fields in the URL). It adds no box.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="plain-fieldset" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
