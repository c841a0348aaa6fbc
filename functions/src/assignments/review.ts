import { Timestamp } from 'firebase-admin/firestore';
import { rubricTotal, reviewSchema } from '@upskill/domain/assignments';
import type { ReviewDetailAnswer } from '@upskill/domain/assignments';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { calendarOf, topicSessions } from '../learning/store';
import { queueMail } from '../mail/outbox';
import { reviewDetail, submissionNotFound } from './queue';
import { mayReview, type Reviewer } from './reviewers';
import { assignmentOrThrow, assignmentWork, datesFor, offeringOrThrow, submissions, workId, type SubmissionDoc } from './store';
import { runTransaction } from '../http/transaction';
import { writeReviewWeekEntry } from './figures';

const invalid = (fields: Record<string, string>) => new HttpError('invalid-argument', 'Please check the review.', fields);

/**
 * POST /api/assignments/reviews/{id}: saves the review as a draft, or releases it. Points are checked against
 * the rubric, and "passed" needs the pass mark. Releasing sets the attempt's and the work's state and mails the
 * learner, in one transaction; a released review is final.
 */
export async function saveReview(reviewer: Reviewer, id: string, body: unknown, nowMs: number): Promise<ReviewDetailAnswer> {
  const input = await validateBody(reviewSchema, body, 'Please check the review.');
  const ref = submissions().doc(id);
  const first = (await withDeadline(ref.get())).data();
  if (!first || !mayReview(reviewer, first)) throw submissionNotFound();
  const offering = offeringOrThrow(first.offering);
  const assignment = assignmentOrThrow(offering, first.assignmentId);

  const ids = assignment.rubric.map((c) => c.id);
  const given = Object.keys(input.scores);
  if (given.length !== ids.length || !ids.every((c) => given.includes(c))) throw invalid({ scores: 'Give points for each criterion.' });
  for (const criterion of assignment.rubric) {
    if (input.scores[criterion.id] > criterion.points) throw invalid({ scores: `${criterion.label}: at most ${criterion.points} points.` });
  }
  const total = given.reduce((sum, c) => sum + input.scores[c], 0);
  if (input.result === 'passed' && total < assignment.passMark) {
    throw invalid({ result: `A pass needs at least ${assignment.passMark} of ${rubricTotal(assignment.rubric)} points.` });
  }
  const [calendar] = await calendarOf([first.batchId]);
  const workRef = assignmentWork().doc(workId(first.enrollmentId, first.assignmentId));

  await withDeadline(
    runTransaction(async (tx) => {
      const [snap, workSnap] = await Promise.all([tx.get(ref), tx.get(workRef)]);
      const doc = snap.data();
      if (!doc) throw submissionNotFound();
      if (doc.review?.releasedAt) throw new HttpError('failed-precondition', 'This review is released already; it cannot change.');
      if (doc.state !== 'awaiting-review') throw new HttpError('failed-precondition', 'This attempt is not awaiting review.');
      const at = Timestamp.fromMillis(nowMs);
      const review: NonNullable<SubmissionDoc['review']> = {
        scores: input.scores,
        comments: input.comments.trim(),
        changes: input.result === 'needs-work' ? (input.changes ?? '').trim() : '',
        result: input.result,
        reviewerUid: reviewer.uid,
        reviewerName: reviewer.name,
        savedAt: at,
        releasedAt: input.release ? at : null,
      };
      if (!input.release) {
        tx.update(ref, { review, updatedAt: at });
        return;
      }
      tx.update(ref, { review, state: input.result, updatedAt: at });
      // The console's figures count it in the week it was submitted, in this same commit (figures.ts).
      writeReviewWeekEntry(tx, id, { submittedAt: doc.submittedAt, reviewDueAt: doc.reviewDueAt, review }, nowMs);
      const work = workSnap.data();
      tx.update(workRef, { state: input.result, updatedAt: at });
      const dates = calendar ? datesFor(assignment, topicSessions(calendar), work) : null;
      queueMail(tx, doc.learnerEmail, {
        template: 'assignment-reviewed',
        data: {
          submissionId: id,
          name: doc.learnerName,
          offering: offering.name,
          assignment: assignment.title,
          attempt: doc.attempt,
          result: input.result,
          total,
          outOf: rubricTotal(assignment.rubric),
          reviewer: reviewer.name,
          canResubmit: input.result === 'needs-work' && dates !== null && nowMs <= dates.cutoffAtMs,
        },
      });
    }),
  );
  return reviewDetail(reviewer, id, nowMs);
}
