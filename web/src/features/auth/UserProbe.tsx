import { onAuthStateChanged } from 'firebase/auth';
import { useEffect } from 'react';
import { auth } from '../../lib/firebase';

export interface SignedInUser {
  email: string | null;
  displayName: string | null;
  getIdToken: () => Promise<string>;
}

/**
 * Renders nothing; reports the signed-in user (or null) once Firebase Auth is ready. Pages that only
 * want to personalise (the enrollment form) load it lazily so they never wait for the SDK.
 */
export default function UserProbe({ onUser }: { onUser: (user: SignedInUser | null) => void }) {
  useEffect(
    () =>
      onAuthStateChanged(auth, (user) =>
        onUser(user ? { email: user.email, displayName: user.displayName, getIdToken: () => user.getIdToken() } : null),
      ),
    [onUser],
  );
  return null;
}
