import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { auth, firebaseApp } from '../../lib/firebase';

/** Gives reactfire's hooks the app's single Firebase app and Auth instance. */
export function AuthBoundary({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>{children}</AuthProvider>
    </FirebaseAppProvider>
  );
}
