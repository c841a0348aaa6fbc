// The auth feature's public entry for pages that need the session (My Courses, the payment step):
// importing it loads the Firebase SDK. SDK-free code reads lib/sessionHint instead.
export { useAuthUser, signOutAndForget, type AuthState } from './authState';

export type { SignedInUser } from './UserProbe';
export { default as UserProbe } from './UserProbe';
