import { Suspense, lazy } from 'react';
import { GuestLinks } from '../../components/GuestLinks';
import { useSessionHint } from '../../lib/sessionHint';
import type { CornerPlacement } from './SignedInCorner';

// The Firebase SDK loads only for a browser that was signed in; everyone else gets the links at once.
const SignedInCorner = lazy(() => import('./SignedInCorner'));

/** The header's account corner, rendered after hydration. */
export default function AccountSlot({ onNavigate, placement = 'bar' }: { onNavigate: () => void; placement?: CornerPlacement }) {
  const signedIn = useSessionHint();
  if (!signedIn) return placement === 'bar' ? <GuestLinks onNavigate={onNavigate} /> : null;
  return (
    <Suspense fallback={null}>
      <SignedInCorner onNavigate={onNavigate} placement={placement} />
    </Suspense>
  );
}
