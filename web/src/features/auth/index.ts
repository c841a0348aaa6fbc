// The auth feature's public entry for pages that need the session (My Courses, the payment step):
// importing it loads the Firebase SDK. SDK-free code reads lib/sessionHint instead.
export { useAuthUser, signOutAndForget, type AuthState } from './authState';
export type { SignedInUser } from './UserProbe';
// For the account page: the same words for Auth's errors, and the same password rules.
export { authErrorMessage } from './errors';
export { newPasswordSchema, type NewPasswordValues } from './schemas';
export { usePasswordPolicy } from './usePasswordPolicy';
export { NewPasswordFields } from './NewPasswordFields';
