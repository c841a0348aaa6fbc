import { useEffect } from 'react';
import { useAuthUser } from './authState';

export interface SignedInUser {
  email: string | null;
  displayName: string | null;
  getIdToken: () => Promise<string>;
}

/**
 * Renders nothing; reports the signed-in user (or null) once Firebase Auth is ready. Pages that only
 * want to personalise (the enrollment form) load it lazily, and only for a browser that was signed in.
 */
export default function UserProbe({ onUser }: { onUser: (user: SignedInUser | null) => void }) {
  const auth = useAuthUser();
  useEffect(() => {
    if (auth.status !== 'ready') return;
    const { user } = auth;
    onUser(user ? { email: user.email, displayName: user.displayName, getIdToken: () => user.getIdToken() } : null);
  }, [auth, onUser]);
  return null;
}
