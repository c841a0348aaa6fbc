import type { DecodedIdToken } from 'firebase-admin/auth';
import { COURSES } from '@upskill/domain/courses';
import { findOffering } from '@upskill/domain/batches';
import { holdsPlace } from '@upskill/domain/api';
import { MENTOR_CLAIM } from '@upskill/domain/mentoringTerms';
import { INSTRUCTOR_CLAIM } from '@upskill/domain/teaching';
import { isStaffClaims } from '@upskill/domain/staff';
import { PRIORITY_QA_PLANS, parseQaSpaceId, qaSpaceId, type QaRole } from '@upskill/domain/qa';
import type { QaSpaceView } from '@upskill/domain/qaApi';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enrollmentsOwnedBy } from '../enrollment/access';
import type { EnrollmentDoc } from '../enrollment/store';
import { batches, type BatchDoc } from '../batches/store';
import { entitledAt } from '../subscriptions/entitled';
import { mentors } from '../mentoring/store';

/** Who the caller is in the forum: their spaces (and their role in each), and whether their questions come first. */
export interface QaMember {
  uid: string;
  name: string;
  staff: boolean;
  spaces: Map<string, QaSpaceView & { courseId: number; batchId: string | null }>;
  /** An Elite or Platinum purchase that gives access now. */
  priority: boolean;
}

const notFound = () => new HttpError('not-found', 'No such space.');
const batchLabel = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });

const courseOfOffering = (slug: string) => COURSES.find((c) => c.slug === slug);
const batchName = (courseName: string, batch: BatchDoc) =>
  `${courseName} · ${batch.batchTime} batch from ${batchLabel.format(new Date(`${batch.startDate}T00:00:00+05:30`))}`;

/** The courses an enrollment gives now: its own course, a Custom plan's courses; a membership gives every course. */
function coursesOf(doc: EnrollmentDoc): number[] | 'all' {
  if (doc.planId === 'yearly') return 'all';
  return [...(doc.courseId ? [doc.courseId] : []), ...(doc.courseIds ?? [])];
}

/**
 * The caller's spaces. Learners: the course space of each course an enrollment gives them now, and the space (and
 * the course's) of each batch they hold a place in. Instructors: their batches' and their courses' spaces. Mentors: their courses'.
 * Staff read every space (a space is found for them on demand, not listed).
 */
export async function qaMember(account: DecodedIdToken, nowMs: number): Promise<QaMember> {
  const staff = isStaffClaims(account);
  const instructor = typeof account[INSTRUCTOR_CLAIM] === 'string' ? (account[INSTRUCTOR_CLAIM] as string) : null;
  const [owned, mentorProfile, taught] = await Promise.all([
    enrollmentsOwnedBy(account),
    account[MENTOR_CLAIM] === true ? withDeadline(mentors().doc(account.uid).get()).then((d) => d.data()) : Promise.resolve(undefined),
    instructor ? withDeadline(batches().where('instructor', '==', instructor).get()).then((s) => s.docs) : Promise.resolve([]),
  ]);
  const spaces: QaMember['spaces'] = new Map();
  const addCourse = (courseId: number, role: QaRole) => {
    const course = COURSES.find((c) => c.id === courseId);
    const id = qaSpaceId({ kind: 'course', courseId });
    if (course && !spaces.has(id)) spaces.set(id, { id, kind: 'course', name: course.name, role, courseId, batchId: null });
  };
  const addBatch = (batchId: string, batch: BatchDoc, role: QaRole) => {
    const offering = findOffering(batch.offering);
    const course = courseOfOffering(batch.offering);
    if (!offering || !course) return; // A programme's batch: its space comes with programmes' spaces (not built yet).
    const id = qaSpaceId({ kind: 'batch', batchId });
    const name = batchName(offering.name, batch);
    if (!spaces.has(id)) spaces.set(id, { id, kind: 'batch', name, role, courseId: course.id, batchId });
  };
  for (const snap of taught) {
    const course = courseOfOffering(snap.data().offering);
    addBatch(snap.id, snap.data(), 'instructor');
    if (course) addCourse(course.id, 'instructor');
  }
  for (const courseId of mentorProfile?.courseIds ?? []) addCourse(courseId, 'mentor');
  const active = owned.map((s) => s.data()).filter((doc) => holdsPlace(doc.status) && entitledAt(doc, nowMs));
  for (const doc of active) {
    const courses = coursesOf(doc);
    for (const courseId of courses === 'all' ? COURSES.map((c) => c.id) : courses) addCourse(courseId, 'learner');
  }
  const placed = active.filter((doc) => doc.batchId);
  const batchDocs = await Promise.all(placed.map((doc) => withDeadline(batches().doc(doc.batchId!).get())));
  for (const snap of batchDocs) {
    const batch = snap.data();
    if (!batch) continue;
    addBatch(snap.id, batch, 'learner');
    // A place in a batch (a plan's credit spent on it, say) gives its course's space too.
    const course = courseOfOffering(batch.offering);
    if (course) addCourse(course.id, 'learner');
  }
  const name =
    (typeof account.name === 'string' && account.name.trim()) ||
    active[0]?.name ||
    mentorProfile?.name ||
    (account.email ? account.email.split('@')[0] : 'Member');
  return {
    uid: account.uid,
    name,
    staff,
    spaces,
    priority: active.some((doc) => PRIORITY_QA_PLANS.includes(doc.planId ?? '')),
  };
}

/** The space as the caller may use it: theirs, or any real space for staff; anything else is the same 404. */
export async function spaceFor(member: QaMember, spaceId: string): Promise<QaSpaceView & { courseId: number; batchId: string | null }> {
  const mine = member.spaces.get(spaceId);
  if (mine) return member.staff ? { ...mine, role: 'staff' } : mine;
  if (!member.staff) throw notFound();
  const space = parseQaSpaceId(spaceId);
  if (!space) throw notFound();
  if (space.kind === 'course') {
    const course = COURSES.find((c) => c.id === space.courseId);
    if (!course) throw notFound();
    return { id: spaceId, kind: 'course', name: course.name, role: 'staff', courseId: course.id, batchId: null };
  }
  const batch = (await withDeadline(batches().doc(space.batchId).get())).data();
  const course = batch && courseOfOffering(batch.offering);
  if (!batch || !course) throw notFound();
  return { id: spaceId, kind: 'batch', name: batchName(course.name, batch), role: 'staff', courseId: course.id, batchId: space.batchId };
}

/** Mentors, instructors and staff answer on the clock and may accept an answer on any question in their spaces. */
export const answersForTheTeam = (role: QaRole): boolean => role !== 'learner';
