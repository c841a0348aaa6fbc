import { Suspense, lazy, useEffect, useState } from 'react';
import { GuestLinks } from './GuestLinks';
import { hasSessionHint, onSessionHintChange } from '../../lib/sessionHint';

// The Firebase SDK loads only for a browser that was signed in; everyone else gets the links at once.
const SignedInCorner = lazy(() => import('./SignedInCorner'));

/** The header's account corner, rendered after hydration. */
export default function AccountSlot({ onNavigate }: { onNavigate: () => void }) {
  const [signedIn, setSignedIn] = useState(hasSessionHint);
  useEffect(() => onSessionHintChange(setSignedIn), []);
  if (!signedIn) return <GuestLinks onNavigate={onNavigate} />;
  return (
    <Suspense fallback={null}>
      <SignedInCorner onNavigate={onNavigate} />
    </Suspense>
  );
}
