import { isStaffClaims, ADMIN_CLAIM } from '@upskill/domain/staff';
import { instructorKeyOf } from '@upskill/domain/teaching';
import type { InstructorKey } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { bearerToken, type HttpRequest } from '../http/request';
import { verifyIdToken } from '../http/identity';
import type { StaffActor } from '../http/staffAccess';

/** Who is teaching: an instructor (their profile from the claim) or staff (any batch). Audit entries name them as staff actions do. */
export interface Teacher extends StaffActor {
  instructor: InstructorKey | undefined;
  staff: boolean;
}

/** Every teaching endpoint starts here: a verified ID token (revocation checked) with the instructor or the staff claim. */
export async function requireTeacher(req: HttpRequest): Promise<Teacher> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in with your instructor account to do this.');
  const decoded = await verifyIdToken(token);
  const instructor = instructorKeyOf(decoded);
  const staff = isStaffClaims(decoded);
  if (!instructor && !staff) throw new HttpError('permission-denied', 'This account is not an instructor.');
  return { uid: decoded.uid, email: decoded.email ?? decoded.uid, admin: decoded[ADMIN_CLAIM] === true, instructor, staff };
}

/** An instructor teaches their own batches only; staff may act on any. */
export const mayTeach = (teacher: Teacher, batch: { instructor: string }): boolean =>
  teacher.staff || teacher.instructor === batch.instructor;
