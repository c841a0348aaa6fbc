import { signOut } from 'firebase/auth';
import { auth } from '../../lib/firebase';
import { clearDraft } from '../enrollment';

/** Signs out and forgets what this tab kept for the signed-in person (the enrollment draft and its edit token). */
export async function signOutAndForget(): Promise<void> {
  clearDraft();
  await signOut(auth);
}
