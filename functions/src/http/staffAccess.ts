import { ADMIN_CLAIM, isStaffClaims } from '@upskill/domain/staff';
import { HttpError } from './errors';
import { bearerToken, type HttpRequest } from './request';
import { verifyIdToken } from './identity';

/** Who is acting in the console, as their ID token says. */
export interface StaffActor {
  uid: string;
  email: string;
  admin: boolean;
}

/**
 * Every staff endpoint starts here. The ID token is verified with revocation checked, so revoking a
 * person's access (the staff CLI revokes their sessions too) shuts them out at once, not when their
 * hour-long token expires; the `staff` claim must be exactly `true`.
 */
export async function requireStaff(req: HttpRequest): Promise<StaffActor> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in with a staff account to do this.');
  const decoded = await verifyIdToken(token);
  if (!isStaffClaims(decoded)) throw new HttpError('permission-denied', 'This account does not have staff access.');
  return { uid: decoded.uid, email: decoded.email ?? decoded.uid, admin: decoded[ADMIN_CLAIM] === true };
}
