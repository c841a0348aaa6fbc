import type { DecodedIdToken } from 'firebase-admin/auth';
import { RECENT_SIGN_IN_MINUTES } from '@upskill/domain/account';
import { HttpError } from '../http/errors';

/**
 * Reading or erasing everything about an account needs the password (or Google) again, not just a
 * session: a borrowed laptop with a live session must not be enough. The token's auth_time says when.
 */
export function assertRecentSignIn(account: Pick<DecodedIdToken, 'auth_time'>, what: string, nowMs = Date.now()): void {
  if (nowMs - account.auth_time * 1000 > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new HttpError('unauthenticated', `For your security, please confirm your password again to ${what}.`, {
      reauthenticate: 'required',
    });
  }
}
