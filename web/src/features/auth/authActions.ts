import {
  GoogleAuthProvider,
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  verifyPasswordResetCode,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  validatePassword,
  type User,
} from 'firebase/auth';
import { auth } from '../../lib/firebase';
import { apiRequest, bearerHeader } from '../../lib/api';
import { setSessionHint } from '../../lib/sessionHint';

// Loaded on demand by the sign-in pages, so they render (and prerender) without the Firebase SDK.

/**
 * Records that the learner agreed to the account terms (the sentence above the sign-in buttons), with
 * the time and a keyed hash of where from; kept once on the server. A failure here must not stop the
 * sign-in: it is recorded at the next one.
 */
async function recordAccountTerms(user: User): Promise<void> {
  await apiRequest('/api/me/consents', {
    method: 'POST',
    body: { kind: 'account-terms' },
    headers: await bearerHeader(user),
  }).catch(() => undefined);
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  setSessionHint(true);
  await recordAccountTerms(user);
}

export async function registerWithEmail(email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  setSessionHint(true);
  await recordAccountTerms(user);
  // Enrollments made with this e-mail before registering join the account once the address is verified.
  // Our own mail (branded, through the outbox), not Firebase's template; a failure here only means the
  // learner asks again from My Courses.
  await sendVerificationMail(await user.getIdToken()).catch(() => undefined);
}

/** Asks for a verification mail for the signed-in account's address. */
export async function sendVerificationMail(idToken: string): Promise<void> {
  await apiRequest('/api/account/verification', { method: 'POST', headers: { Authorization: `Bearer ${idToken}` }, retries: 2 });
}

/** The address a reset code is for; throws Auth's error for a used, expired or tampered code. */
export async function checkResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth, oobCode);
}

export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  await confirmPasswordReset(auth, oobCode, newPassword);
}

/**
 * Applies a verification (or e-mail recovery) code. A learner signed in on this browser gets a fresh
 * token at once, so My Courses shows the enrollments the verified address brings.
 */
export async function applyCode(oobCode: string): Promise<{ email: string | null }> {
  const info = await checkActionCode(auth, oobCode);
  await applyActionCode(auth, oobCode);
  if (auth.currentUser) {
    try {
      await auth.currentUser.reload();
      await auth.currentUser.getIdToken(true);
    } catch {
      // An e-mail change ends every session: this browser signs in again with the new address.
      await signOut(auth);
      setSessionHint(false);
    }
  }
  return { email: info.data.email ?? null };
}

export async function signInWithGoogle(): Promise<void> {
  const { user } = await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
  setSessionHint(true);
  await recordAccountTerms(user);
}

export async function fetchPasswordPolicy() {
  return (await validatePassword(auth, '')).passwordPolicy.customStrengthOptions;
}
