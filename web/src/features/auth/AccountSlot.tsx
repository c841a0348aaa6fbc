import { Suspense, lazy } from 'react';
import { GuestLinks } from '../../components/GuestLinks';
import { useSessionHint } from '../../lib/sessionHint';

// The Firebase SDK loads only for a browser that was signed in; everyone else gets the links at once.
const SignedInCorner = lazy(() => import('./SignedInCorner'));

/** The header's account corner, rendered after hydration. */
export default function AccountSlot({ onNavigate }: { onNavigate: () => void }) {
  const signedIn = useSessionHint();
  if (!signedIn) return <GuestLinks onNavigate={onNavigate} />;
  return (
    <Suspense fallback={null}>
      <SignedInCorner onNavigate={onNavigate} />
    </Suspense>
  );
}
