import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  assignmentsFor,
  formatIndiaMoment,
  receiptLine,
  reviewDueAtMs,
  rubricTotal,
  submissionWindow,
  turnaroundHours,
  type Assignment,
  type AssignmentDates,
  submissionSchema,
} from '@upskill/domain/assignments';
import type { AssignmentsAnswer, AssignmentView, SubmitAnswer } from '@upskill/domain/assignments';
import { findCourseBySlug } from '@upskill/domain/catalogue';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { calendarOf, confirmedPlace, ownPlaces, topicSessions, type Account } from '../learning/store';
import { enrollments } from '../enrollment/store';
import { queueMail } from '../mail/outbox';
import { db } from '../platform/database';
import {
  assignmentOrThrow,
  assignmentWork,
  attemptView,
  datesFor,
  notFound,
  offeringOrThrow,
  submissions,
  workId,
  type SubmissionDoc,
  type WorkDoc,
} from './store';
import { runTransaction } from '../http/transaction';

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a new attempt is taken: inside the window, not yet passed, and none awaiting review. */
const takesAttempt = (dates: AssignmentDates, work: WorkDoc | undefined, nowMs: number): boolean => {
  const window = submissionWindow(dates, nowMs);
  return (window === 'open' || window === 'late') && work?.state !== 'passed' && work?.state !== 'awaiting-review';
};

function assignmentView(
  assignment: Assignment,
  dates: AssignmentDates,
  work: WorkDoc | undefined,
  attempts: { id: string; doc: SubmissionDoc }[],
  planId: string | null,
  nowMs: number,
): AssignmentView {
  return {
    id: assignment.id,
    title: assignment.title,
    brief: assignment.brief,
    parts: [...assignment.parts],
    rubric: [...assignment.rubric],
    passMark: assignment.passMark,
    outOf: rubricTotal(assignment.rubric),
    countsForCertificate: assignment.countsForCertificate,
    opensAt: iso(dates.opensAtMs),
    dueAt: iso(dates.dueAtMs),
    cutoffAt: iso(dates.cutoffAtMs),
    window: submissionWindow(dates, nowMs),
    state: work?.state ?? 'not-started',
    canSubmit: takesAttempt(dates, work, nowMs),
    extension: work?.extension ? { days: work.extension.days, reason: work.extension.reason } : null,
    turnaroundHours: turnaroundHours(planId),
    attempts: attempts.sort((a, b) => a.doc.attempt - b.doc.attempt).map(({ id, doc }) => attemptView(id, doc, assignment, false)),
  };
}

/** GET /api/assignments: every batch the learner has a confirmed place in, with its assignments, dates and attempts. */
export async function learnerAssignments(account: Account, nowMs: number): Promise<AssignmentsAnswer> {
  const places = await ownPlaces(account, nowMs);
  if (places.length === 0) return { batches: [] };
  const calendars = await calendarOf(places.map((p) => p.batchId));
  const batches = await Promise.all(
    places.map(async (place) => {
      const calendar = calendars.find((c) => c.id === place.batchId);
      if (!calendar) return null;
      const offering = offeringOrThrow(calendar.batch.offering);
      const assignments = assignmentsFor(offering);
      const [works, attempts] = await withDeadline(
        Promise.all([
          db().getAll(...assignments.map((a) => assignmentWork().doc(workId(place.enrollmentId, a.id)))),
          submissions().where('enrollmentId', '==', place.enrollmentId).get(),
        ]),
      );
      const sessions = topicSessions(calendar);
      const views = assignments.flatMap((assignment, i) => {
        const work = works[i].data() as WorkDoc | undefined;
        const dates = datesFor(assignment, sessions, work);
        if (!dates) return [];
        const mine = attempts.docs.filter((d) => d.data().assignmentId === assignment.id).map((d) => ({ id: d.id, doc: d.data() }));
        return [assignmentView(assignment, dates, work, mine, place.enrollment.planId ?? null, nowMs)];
      });
      return {
        enrollmentId: place.enrollmentId,
        batchId: place.batchId,
        offering: offering.slug,
        offeringName: offering.name,
        assignments: views,
      };
    }),
  );
  return { batches: batches.filter((b) => b !== null) };
}

const refused = (message: string) => new HttpError('failed-precondition', message);

/**
 * POST /api/assignments/{enrollmentId}/{assignmentId}/submissions: one attempt. The server's clock decides
 * whether it is open, late or past the cut-off; the attempt, the work record and the receipt mail are
 * written in one transaction, which also refuses a second attempt while one awaits review.
 */
export async function submitWork(
  account: DecodedIdToken,
  enrollmentId: string,
  assignmentId: string,
  body: unknown,
  nowMs: number,
): Promise<SubmitAnswer> {
  const input = await validateBody(submissionSchema, body, 'Please check your submission.');
  const text = input.text?.trim() ? input.text.trim() : null;
  const link = input.link?.trim() ? input.link.trim() : null;
  if (!text && !link) throw new HttpError('invalid-argument', 'Please check your submission.', { _form: 'Add a link or some text.' });

  // The enrollment must be the caller's, with a confirmed seat: anyone else's is the same 404 as none.
  const snap = await withDeadline(enrollments().doc(enrollmentId).get());
  if (!snap.exists || snap.data()?.uid !== account.uid) throw notFound();
  const place = await confirmedPlace(snap, nowMs);
  if (!place) throw notFound();
  const [calendar] = await calendarOf([place.batchId]);
  if (!calendar) throw notFound();
  const offering = offeringOrThrow(calendar.batch.offering);
  const assignment = assignmentOrThrow(offering, assignmentId);
  if (link && !assignment.parts.includes('link'))
    throw new HttpError('invalid-argument', 'Please check your submission.', { link: 'This assignment takes text only.' });
  if (text && !assignment.parts.includes('text'))
    throw new HttpError('invalid-argument', 'Please check your submission.', { text: 'This assignment takes a link only.' });
  const sessions = topicSessions(calendar);
  const planId = place.enrollment.planId ?? null;
  const workRef = assignmentWork().doc(workId(enrollmentId, assignment.id));
  const ref = submissions().doc();

  const doc = await withDeadline(
    runTransaction(async (tx) => {
      const work = (await tx.get(workRef)).data();
      const dates = datesFor(assignment, sessions, work);
      if (!dates) throw notFound();
      const window = submissionWindow(dates, nowMs);
      if (window === 'not-open') throw refused(`This assignment opens on ${formatIndiaMoment(dates.opensAtMs)}.`);
      if (window === 'closed')
        throw refused(`The cut-off for this assignment was ${formatIndiaMoment(dates.cutoffAtMs)}. It takes no more work.`);
      if (work?.state === 'passed') throw refused('You have passed this assignment already.');
      if (work?.state === 'awaiting-review')
        throw refused(`Your attempt ${work.attempts} is awaiting review. You can submit again once it is reviewed.`);
      const attempt = (work?.attempts ?? 0) + 1;
      const submission: SubmissionDoc = {
        uid: account.uid,
        learnerName: place.enrollment.name,
        learnerEmail: place.enrollment.email,
        enrollmentId,
        planId,
        batchId: place.batchId,
        offering: offering.slug,
        courseId: findCourseBySlug(offering.slug)?.id ?? null,
        instructor: calendar.batch.instructor,
        assignmentId: assignment.id,
        attempt,
        text,
        link,
        submittedAt: Timestamp.fromMillis(nowMs),
        late: window === 'late',
        reviewDueAt: Timestamp.fromMillis(reviewDueAtMs(nowMs, planId)),
        state: 'awaiting-review',
        review: null,
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.create(ref, submission);
      tx.set(workRef, {
        uid: account.uid,
        enrollmentId,
        offering: offering.slug,
        assignmentId: assignment.id,
        state: 'awaiting-review',
        attempts: attempt,
        latestSubmissionId: ref.id,
        extension: work?.extension ?? null,
        updatedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
      });
      queueMail(tx, place.enrollment.email, {
        template: 'assignment-received',
        data: {
          submissionId: ref.id,
          name: place.enrollment.name,
          offering: offering.name,
          assignment: assignment.title,
          attempt,
          receipt: receiptLine(nowMs, submission.reviewDueAt.toMillis()),
          late: submission.late,
        },
      });
      return submission;
    }),
  );
  const view = attemptView(ref.id, doc, assignment, false);
  return { attempt: view, receipt: view.receipt };
}
