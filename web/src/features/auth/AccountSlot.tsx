import { Suspense, lazy } from 'react';
import { GuestLinks } from '../../components/GuestLinks';
import { useAfterIdleOrInput } from '../../lib/afterIdle';
import { useSessionHint } from '../../lib/sessionHint';
import type { CornerPlacement } from './SignedInCorner';

// The Firebase SDK loads only for a browser that was signed in; everyone else gets the links at once.
const SignedInCorner = lazy(() => import('./SignedInCorner'));

/**
 * The header's account corner, rendered after hydration. A signed-in browser's corner loads the Firebase SDK, which
 * waits for the first idle moment or input after hydration (lib/afterIdle.ts): on a slow phone, fetching and
 * evaluating the SDK must not compete with making the page usable. The slot keeps its size meanwhile.
 */
export default function AccountSlot({ onNavigate, placement = 'bar' }: { onNavigate: () => void; placement?: CornerPlacement }) {
  const signedIn = useSessionHint();
  const idle = useAfterIdleOrInput();
  if (!signedIn) return placement === 'bar' ? <GuestLinks onNavigate={onNavigate} /> : null;
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <SignedInCorner onNavigate={onNavigate} placement={placement} />
    </Suspense>
  );
}
