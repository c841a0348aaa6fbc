import { Timestamp } from 'firebase-admin/firestore';
import {
  careerReviewFigures,
  careerReviewSchema,
  checklistProblem,
  type CareerDeskAnswer,
  type CareerDeskDetail,
  type CareerReviewFigures,
} from '@upskill/domain/career';
import { lastMonths } from '@upskill/domain/mentoring';
import type { Reviewer } from '../assignments/reviewers';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { careerReviews, deskDetail, deskItem, reReviewsLeft, reviewNotFound, type CareerReviewStored } from './store';

/** The most waiting reviews a queue reads: far more than a day's. */
const QUEUE_LIMIT = 200;

/**
 * A career review is for mentors of the learner's courses, and staff (an instructor who mentors none of them is not
 * one). A learner whose plan has no course chosen yet has no course mentors: any mentor may take theirs.
 */
const mayReviewCareer = (reviewer: Reviewer, doc: Pick<CareerReviewStored, 'courseIds'>) =>
  reviewer.staff ||
  (doc.courseIds.length === 0 ? reviewer.mentorCourseIds.length > 0 : doc.courseIds.some((c) => reviewer.mentorCourseIds.includes(c)));

/** GET /api/mentoring/career/desk: the reviews waiting for this reviewer, oldest first, the overdue flagged. */
export async function careerDesk(reviewer: Reviewer, nowMs: number): Promise<CareerDeskAnswer> {
  const waiting = await withDeadline(
    careerReviews().where('state', '==', 'waiting').orderBy('waitingSince', 'asc').limit(QUEUE_LIMIT).get(),
  );
  return { items: waiting.docs.filter((d) => mayReviewCareer(reviewer, d.data())).map((d) => deskItem(d.id, d.data(), nowMs)) };
}

async function reviewable(reviewer: Reviewer, id: string): Promise<CareerReviewStored> {
  const doc = (await withDeadline(careerReviews().doc(id).get())).data();
  if (!doc || !mayReviewCareer(reviewer, doc)) throw reviewNotFound();
  return doc;
}

/** GET /api/mentoring/career/desk/{id}: one review with its versions and the checklist. */
export async function careerDeskDetail(reviewer: Reviewer, id: string, nowMs: number): Promise<CareerDeskDetail> {
  return deskDetail(id, await reviewable(reviewer, id), nowMs);
}

/**
 * PUT /api/mentoring/career/desk/{id}/review: the reviewer's work on the latest version, kept as a draft (which the
 * learner never sees) or released, which sets the verdict and mails the learner, in one transaction. A released
 * review is final.
 */
export async function saveCareerReview(reviewer: Reviewer, id: string, body: unknown, nowMs: number): Promise<CareerDeskDetail> {
  const input = await validateBody(careerReviewSchema, body, 'Please check the review.');
  const first = await reviewable(reviewer, id);
  const problem = checklistProblem(first.kind, input.checks);
  if (problem) throw new HttpError('invalid-argument', 'Please check the review.', { checks: problem });
  const ref = careerReviews().doc(id);
  const saved = await withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || !mayReviewCareer(reviewer, doc)) throw reviewNotFound();
      if (doc.state !== 'waiting') throw new HttpError('failed-precondition', 'This review is released already; it cannot change.');
      const at = Timestamp.fromMillis(nowMs);
      const versions = [...doc.versions];
      const latest = versions[versions.length - 1];
      versions[versions.length - 1] = {
        ...latest,
        review: {
          checks: input.checks.map((c) => ({ id: c.id, mark: c.mark, comment: (c.comment ?? '').trim() })),
          summary: input.summary.trim(),
          firstChanges: (input.firstChanges ?? []).map((c) => c.trim()).filter(Boolean),
          verdict: input.verdict,
          reviewerUid: reviewer.uid,
          reviewerName: reviewer.name,
          savedAt: at,
          releasedAt: input.release ? at : null,
        },
      };
      const next: CareerReviewStored = {
        ...doc,
        versions,
        state: input.release ? input.verdict : 'waiting',
        waitingSince: input.release ? null : doc.waitingSince,
        updatedAt: at,
      };
      tx.set(ref, next);
      if (input.release && next.email)
        queueMail(tx, next.email, {
          template: 'career-reviewed',
          data: {
            reviewId: id,
            name: next.learnerName,
            kind: next.kind,
            version: versions.length,
            verdict: input.verdict,
            reviewer: reviewer.name,
            mayResubmit: input.verdict === 'changes-suggested' && reReviewsLeft(next) > 0,
          },
        });
      return next;
    }),
  );
  return deskDetail(id, saved, nowMs);
}

/**
 * The console's figures of the reviews' promise: every version sent in the last 12 months (the placement figures'
 * window), released within its promise or not, waiting, overdue now. One bounded read.
 */
export async function careerFigures(nowMs: number): Promise<CareerReviewFigures> {
  const since = Timestamp.fromMillis(Date.parse(`${lastMonths(nowMs, 12)[0]}-01T00:00:00+05:30`));
  const snap = await withDeadline(careerReviews().where('createdAt', '>=', since).get());
  const versions = snap.docs.flatMap((d) =>
    d
      .data()
      .versions.filter((v) => v.submittedAt.toMillis() <= nowMs)
      .map((v) => ({
        submittedAtMs: v.submittedAt.toMillis(),
        dueAtMs: v.dueAt.toMillis(),
        releasedAtMs: v.review?.releasedAt ? v.review.releasedAt.toMillis() : null,
      })),
  );
  return careerReviewFigures(versions, nowMs);
}
