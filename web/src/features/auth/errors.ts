/** Plain words for every Firebase Auth error code a visitor can meet; never a raw `auth/...` string. */
const MESSAGES: Record<string, string> = {
  'email-already-in-use': 'An account with this e-mail already exists. Try signing in instead.',
  'wrong-password': 'The e-mail or password is wrong. Please try again.',
  'invalid-credential': 'The e-mail or password is wrong. Please try again.',
  'invalid-login-credentials': 'The e-mail or password is wrong. Please try again.',
  'invalid-email': 'Please enter a valid e-mail address.',
  'user-not-found': 'The e-mail or password is wrong. Please try again.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'too-many-requests': 'Too many attempts. Please wait a few minutes and try again later.',
  'expired-action-code': 'This link has expired. Please request a new one.',
  'invalid-action-code': 'This link is not valid any more. Please request a new one.',
  'requires-recent-login': 'For your security, please sign in again and retry.',
  'user-token-expired': 'Your session has expired. Please sign in again.',
  'invalid-user-token': 'Your session is no longer valid. Please sign in again.',
  'password-does-not-meet-requirements': 'This password does not meet the requirements shown below the field.',
  'weak-password': 'Please choose a stronger password of at least 6 characters.',
  'operation-not-allowed': 'This sign-in method is not available right now. Please use another one.',
  'credential-already-in-use': 'These sign-in details are already linked to another account.',
  'account-exists-with-different-credential':
    'An account already exists with this e-mail using a different sign-in method. Sign in that way first.',
  'missing-recaptcha-token': 'We could not verify you are human. Please reload the page and try again.',
  'invalid-app-credential': 'We could not verify this device. Please reload the page and try again.',
  'network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'Sign-in was cancelled because the window was closed.',
  'cancelled-popup-request': 'Sign-in was cancelled because another sign-in window opened.',
  'unauthorized-domain': 'Sign-in is not allowed from this address. Please use the official site.',
  'multi-factor-auth-required': 'This account needs a second sign-in step, which this site does not support yet.',
  'missing-password': 'Please enter your password.',
  'missing-email': 'Please enter your e-mail address.',
};

export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return MESSAGES[code.replace(/^auth\//, '')] ?? 'Something went wrong while signing in. Please try again.';
}
