// The auth feature's third public entry: what a page with account forms shares with sign-in (the same error
// words and password rules). Apart from index.ts because a chunk shared by several pages carries every export
// of its entry: through index.ts these pulled yup and the form schemas into My Courses (189.8 KB against 170).
export { authErrorMessage } from './errors';
export { NewPasswordFields } from './NewPasswordFields';
export { usePasswordPolicy } from './usePasswordPolicy';
