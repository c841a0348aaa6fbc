import { isStaffClaims } from '@upskill/domain/staff';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { HttpError } from '../http/errors';
import { verifyIdToken } from '../http/identity';
import { bearerToken, type HttpRequest } from '../http/request';

/** Who is mentoring: a mentor acts on their own bookings; staff see every mentor's. */
export interface MentorActor {
  uid: string;
  email: string;
  mentor: boolean;
  staff: boolean;
}

/** Every mentor endpoint starts here: a verified ID token (revocation checked) with the mentor claim, or staff. */
export async function requireMentor(req: HttpRequest): Promise<MentorActor> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in with your mentor account to do this.');
  const decoded = await verifyIdToken(token);
  const mentor = decoded[MENTOR_CLAIM] === true;
  const staff = isStaffClaims(decoded);
  if (!mentor && !staff) throw new HttpError('permission-denied', 'This account is not a mentor.');
  return { uid: decoded.uid, email: decoded.email ?? decoded.uid, mentor, staff };
}
