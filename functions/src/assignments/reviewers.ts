import { INSTRUCTORS, instructorKeyOf, type Instructor } from '@upskill/domain/catalogue';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { isStaffClaims } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { verifyIdToken } from '../http/identity';
import { bearerToken, type HttpRequest } from '../http/request';
import { mentors } from '../mentoring/store';
import type { SubmissionDoc } from './store';

/** Who reviews: a batch's instructor (the instructor claim), a mentor of its course (the mentor claim and an active profile), or staff. */
export interface Reviewer {
  uid: string;
  email: string;
  name: string;
  instructor: string | undefined;
  mentorCourseIds: number[];
  staff: boolean;
}

/** Every reviewer endpoint starts here: a verified ID token with one of the three roles, or 403. */
export async function requireReviewer(req: HttpRequest): Promise<Reviewer> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in with your instructor or mentor account to review work.');
  const decoded = await verifyIdToken(token);
  const instructor = instructorKeyOf(decoded);
  const staff = isStaffClaims(decoded);
  const profile = decoded[MENTOR_CLAIM] === true ? (await withDeadline(mentors().doc(decoded.uid).get())).data() : undefined;
  const mentorCourseIds = profile?.active ? profile.courseIds : [];
  if (!instructor && !staff && mentorCourseIds.length === 0) throw new HttpError('permission-denied', 'This account does not review work.');
  const instructorName = instructor ? (INSTRUCTORS[instructor] as Instructor).name : undefined;
  return {
    uid: decoded.uid,
    email: decoded.email ?? decoded.uid,
    name: profile?.name ?? instructorName ?? decoded.name ?? decoded.email ?? 'Upskill reviewer',
    instructor,
    mentorCourseIds,
    staff,
  };
}

/** The batch's instructor, a mentor of its course, or staff. */
export const mayReview = (reviewer: Reviewer, doc: Pick<SubmissionDoc, 'instructor' | 'courseId'>): boolean =>
  reviewer.staff || reviewer.instructor === doc.instructor || (doc.courseId !== null && reviewer.mentorCourseIds.includes(doc.courseId));
