import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';

// Imported only from lazily loaded modules: no public page waits for the Firebase SDK.
const env = import.meta.env;

export const firebaseApp = getApps().length
  ? getApp()
  : initializeApp({
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    });

// No popupRedirectResolver here: it would load Google's gapi script on every page. The Google button
// passes it to signInWithPopup, so that script loads only when someone signs in with Google.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (env.VITE_AUTH_EMULATOR_URL) {
  connectAuthEmulator(auth, env.VITE_AUTH_EMULATOR_URL, { disableWarnings: true });
}
