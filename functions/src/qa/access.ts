import type { DecodedIdToken } from 'firebase-admin/auth';
import { COURSES } from '@upskill/domain/catalogue';
import { findOffering } from '@upskill/domain/batches';
import { holdsPlace } from '@upskill/domain/enrollment';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { INSTRUCTOR_CLAIM } from '@upskill/domain/teaching';
import { isStaffClaims } from '@upskill/domain/staff';
import { PRIORITY_QA_PLANS, parseQaSpaceId, qaSpaceId, type QaRole } from '@upskill/domain/qa';
import { STARTER_PROGRAMMES, findStarterProgramme, type StarterProgramme } from '@upskill/domain/starter';
import type { QaSpaceView } from '@upskill/domain/qa';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { db } from '../platform/database';
import { enrollmentsOwnedBy } from '../enrollment/access';
import type { EnrollmentDoc } from '../enrollment/store';
import { batches, type BatchDoc } from '../batches/store';
import { entitledAt } from '../subscriptions/entitled';
import { mentors } from '../mentoring/store';
import { offeringsOf } from '../batches/instructorOfferings';

/** A space as the functions know it: what the caller sees, and what its questions are filed under. */
export type QaSpaceOf = QaSpaceView & {
  courseId: number | null;
  programme: string | null;
  batchId: string | null;
  /** A batch space's instructor, written on its questions for their answer queue; null for a course or programme. */
  instructor: string | null;
};

/** Who the caller is in the forum: their spaces (and their role in each), and whether their questions come first. */
export interface QaMember {
  uid: string;
  name: string;
  staff: boolean;
  spaces: Map<string, QaSpaceOf>;
  /** An Elite or Platinum purchase that gives access now. */
  priority: boolean;
}

const notFound = () => new HttpError('not-found', 'No such space.');
const batchLabel = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });

const courseOfOffering = (slug: string) => COURSES.find((c) => c.slug === slug);
const batchName = (courseName: string, batch: BatchDoc) =>
  `${courseName} · ${batch.batchTime} batch from ${batchLabel.format(new Date(`${batch.startDate}T00:00:00+05:30`))}`;
const programmeName = (programme: StarterProgramme) => `${programme.name} programme`;
/** A plan's programme: the one chosen on its form (the membership's are all of them, see qaMember). */
const programmeOfPlan = (doc: EnrollmentDoc) =>
  doc.planId !== null && doc.planId !== 'yearly' ? STARTER_PROGRAMMES.find((p) => p.name === doc.interestedCourse) : undefined;
/** A mentor of any of a programme's courses mentors in its space. */
const programmeCourseIds = (programme: StarterProgramme) =>
  programme.courses.flatMap((slug) => COURSES.filter((c) => c.slug === slug).map((c) => c.id));

/** A batch's space as the functions know it: of a catalogue course's batch, or of a programme's; none for an unknown offering. */
function batchSpace(batchId: string, batch: BatchDoc, role: QaRole): QaSpaceOf | null {
  const offering = findOffering(batch.offering);
  if (!offering) return null;
  const id = qaSpaceId({ kind: 'batch', batchId });
  const course = courseOfOffering(batch.offering);
  const instructor = batch.instructor;
  if (course)
    return { id, kind: 'batch', name: batchName(offering.name, batch), role, courseId: course.id, programme: null, batchId, instructor };
  const programme = findStarterProgramme(batch.offering);
  return programme
    ? {
        id,
        kind: 'batch',
        name: batchName(programmeName(programme), batch),
        role,
        courseId: null,
        programme: programme.slug,
        batchId,
        instructor,
      }
    : null;
}

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
    if (course && !spaces.has(id))
      spaces.set(id, { id, kind: 'course', name: course.name, role, courseId, programme: null, batchId: null, instructor: null });
  };
  const addProgramme = (programme: StarterProgramme, role: QaRole) => {
    const id = qaSpaceId({ kind: 'programme', programme: programme.slug });
    if (!spaces.has(id))
      spaces.set(id, {
        id,
        kind: 'programme',
        name: programmeName(programme),
        role,
        courseId: null,
        programme: programme.slug,
        batchId: null,
        instructor: null,
      });
  };
  const addBatch = (batchId: string, batch: BatchDoc, role: QaRole) => {
    const space = batchSpace(batchId, batch, role);
    if (space && !spaces.has(space.id)) spaces.set(space.id, space);
    // A batch's course or programme comes with it.
    const course = courseOfOffering(batch.offering);
    const programme = findStarterProgramme(batch.offering);
    if (course) addCourse(course.id, role);
    else if (programme) addProgramme(programme, role);
  };
  for (const snap of taught) addBatch(snap.id, snap.data(), 'instructor');
  for (const courseId of mentorProfile?.courseIds ?? []) addCourse(courseId, 'mentor');
  for (const programme of STARTER_PROGRAMMES)
    if (programmeCourseIds(programme).some((id) => mentorProfile?.courseIds.includes(id))) addProgramme(programme, 'mentor');
  const active = owned.map((s) => s.data()).filter((doc) => holdsPlace(doc.status) && entitledAt(doc, nowMs));
  for (const doc of active) {
    const courses = coursesOf(doc);
    for (const courseId of courses === 'all' ? COURSES.map((c) => c.id) : courses) addCourse(courseId, 'learner');
    // A plan's learners (Pre Registration's among them) share their programme's space; the membership, every programme's.
    const programme = programmeOfPlan(doc);
    if (programme) addProgramme(programme, 'learner');
    if (doc.planId === 'yearly') for (const each of STARTER_PROGRAMMES) addProgramme(each, 'learner');
  }
  const placed = active.filter((doc) => doc.batchId);
  // Every batch the learner holds a place in, in one read.
  const batchIds = [...new Set(placed.map((doc) => doc.batchId!))];
  const batchDocs = batchIds.length ? await withDeadline(db().getAll(...batchIds.map((id) => batches().doc(id)))) : [];
  for (const snap of batchDocs) {
    // getAll loses the collection's converter type; the documents are read through it all the same.
    const batch = snap.data() as BatchDoc | undefined;
    // A place in a batch (a plan's credit spent on it, say) gives its course's or programme's space too.
    if (batch) addBatch(snap.id, batch, 'learner');
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

/** Who may answer, as the answer queue needs it (staff, an instructor's key, the course and programme spaces they answer in). */
export interface QaAnswerer {
  staff: boolean;
  /** The instructor whose batch spaces' questions carry their key; null for anyone who teaches no batch. */
  instructor: string | null;
  /** The course and programme spaces: the instructor's batches' offerings', and the mentor's courses' and programmes'. */
  spaceIds: string[];
}

/**
 * The caller as the answer queue sees them: the same spaces qaMember gives the team, read from at most two documents
 * (the mentor's profile, the instructor's offerings) instead of every batch an instructor teaches, which grew with
 * their batches (decision 0039).
 */
export async function qaAnswerer(account: DecodedIdToken): Promise<QaAnswerer> {
  const instructor = typeof account[INSTRUCTOR_CLAIM] === 'string' ? (account[INSTRUCTOR_CLAIM] as string) : null;
  const [mentorProfile, offerings] = await Promise.all([
    account[MENTOR_CLAIM] === true ? withDeadline(mentors().doc(account.uid).get()).then((d) => d.data()) : Promise.resolve(undefined),
    instructor ? offeringsOf(instructor) : Promise.resolve([]),
  ]);
  const spaceIds = new Set<string>();
  for (const slug of offerings) {
    const course = courseOfOffering(slug);
    const programme = course ? undefined : findStarterProgramme(slug);
    if (course) spaceIds.add(qaSpaceId({ kind: 'course', courseId: course.id }));
    else if (programme) spaceIds.add(qaSpaceId({ kind: 'programme', programme: programme.slug }));
  }
  const mentored = mentorProfile?.courseIds ?? [];
  for (const courseId of mentored) if (COURSES.some((c) => c.id === courseId)) spaceIds.add(qaSpaceId({ kind: 'course', courseId }));
  for (const programme of STARTER_PROGRAMMES)
    if (programmeCourseIds(programme).some((id) => mentored.includes(id)))
      spaceIds.add(qaSpaceId({ kind: 'programme', programme: programme.slug }));
  return { staff: isStaffClaims(account), instructor: offerings.length ? instructor : null, spaceIds: [...spaceIds] };
}

/** Each space's name as its pages show it: a course's and a programme's from the catalogue, a batch's from its document. */
export async function qaSpaceNames(spaceIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const batchIds: string[] = [];
  for (const id of new Set(spaceIds)) {
    const space = parseQaSpaceId(id);
    if (space?.kind === 'course') {
      const course = COURSES.find((c) => c.id === space.courseId);
      if (course) names.set(id, course.name);
    } else if (space?.kind === 'programme') {
      const programme = findStarterProgramme(space.programme);
      if (programme) names.set(id, programmeName(programme));
    } else if (space) batchIds.push(space.batchId);
  }
  const batchDocs = batchIds.length ? await withDeadline(db().getAll(...batchIds.map((id) => batches().doc(id)))) : [];
  for (const snap of batchDocs) {
    const batch = snap.data() as BatchDoc | undefined;
    const space = batch && batchSpace(snap.id, batch, 'staff');
    if (space) names.set(space.id, space.name);
  }
  return names;
}

/** The space as the caller may use it: theirs, or any real space for staff; anything else is the same 404. */
export async function spaceFor(member: QaMember, spaceId: string): Promise<QaSpaceOf> {
  const mine = member.spaces.get(spaceId);
  if (mine) return member.staff ? { ...mine, role: 'staff' } : mine;
  if (!member.staff) throw notFound();
  const space = parseQaSpaceId(spaceId);
  if (!space) throw notFound();
  if (space.kind === 'course') {
    const course = COURSES.find((c) => c.id === space.courseId);
    if (!course) throw notFound();
    return {
      id: spaceId,
      kind: 'course',
      name: course.name,
      role: 'staff',
      courseId: course.id,
      programme: null,
      batchId: null,
      instructor: null,
    };
  }
  if (space.kind === 'programme') {
    const programme = findStarterProgramme(space.programme);
    if (!programme) throw notFound();
    return {
      id: spaceId,
      kind: 'programme',
      name: programmeName(programme),
      role: 'staff',
      courseId: null,
      programme: programme.slug,
      batchId: null,
      instructor: null,
    };
  }
  const batch = (await withDeadline(batches().doc(space.batchId).get())).data();
  const found = batch && batchSpace(space.batchId, batch, 'staff');
  if (!found) throw notFound();
  return found;
}

/** Mentors, instructors and staff answer on the clock and may accept an answer on any question in their spaces. */
export const answersForTheTeam = (role: QaRole): boolean => role !== 'learner';
