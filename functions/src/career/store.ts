import {
  CHECKLISTS,
  careerAllowances,
  careerPromiseText,
  type CareerDeskDetail,
  type CareerDeskItem,
  type CareerReviewItem,
  type CareerReviewRecord,
  type CareerVersionView,
} from '@upskill/domain/career';
import { HttpError } from '../http/errors';
import { collection, type Stored } from '../platform/collections';

export const careerReviews = () => collection('careerReviews');
export type CareerReviewStored = Stored<'careerReviews'>;
type Version = CareerReviewStored['versions'][number];

/** Someone else's review, or none: the same answer either way. */
export const reviewNotFound = () => new HttpError('not-found', 'No such review.');

const iso = (t: { toMillis(): number }) => new Date(t.toMillis()).toISOString();

function checksView(doc: CareerReviewStored, review: CareerReviewRecord<Version['submittedAt']>) {
  const labels = new Map(CHECKLISTS[doc.kind].map((c) => [c.id, c.label]));
  return review.checks.map((c) => ({ id: c.id, label: labels.get(c.id) ?? c.id, mark: c.mark, comment: c.comment }));
}

function versionBase(v: Version, i: number): Omit<CareerVersionView, 'review'> {
  return {
    number: i + 1,
    link: v.link,
    targetRole: v.targetRole,
    postingLink: v.postingLink,
    submittedAt: iso(v.submittedAt),
    dueAt: iso(v.dueAt),
  };
}

/** The re-reviews a review still has: its plan's allowance less the versions already sent after the first. */
export const reReviewsLeft = (doc: CareerReviewStored): number =>
  Math.max(0, (careerAllowances(doc.planId).find((a) => a.kind === doc.kind)?.reReviews ?? 0) - (doc.versions.length - 1));

/** A review as its learner sees it: a reviewer's draft is never in it. */
export function learnerItem(id: string, doc: CareerReviewStored): CareerReviewItem {
  return {
    id,
    kind: doc.kind,
    enrollmentId: doc.enrollmentId,
    state: doc.state,
    versions: doc.versions.map((v, i) => ({
      ...versionBase(v, i),
      review:
        v.review?.releasedAt != null
          ? {
              checks: checksView(doc, v.review),
              summary: v.review.summary,
              firstChanges: v.review.firstChanges,
              verdict: v.review.verdict,
              reviewerName: v.review.reviewerName,
              releasedAt: iso(v.review.releasedAt),
            }
          : null,
    })),
    mayResubmit: doc.state === 'changes-suggested' && reReviewsLeft(doc) > 0,
    promise: careerPromiseText(doc.planId),
  };
}

/** A waiting review in a reviewer's queue. */
export function deskItem(id: string, doc: CareerReviewStored, nowMs: number): CareerDeskItem {
  const latest = doc.versions[doc.versions.length - 1];
  return {
    id,
    kind: doc.kind,
    learnerName: doc.learnerName,
    targetRole: latest.targetRole,
    version: doc.versions.length,
    submittedAt: iso(latest.submittedAt),
    dueAt: iso(latest.dueAt),
    overdue: doc.state === 'waiting' && nowMs > latest.dueAt.toMillis(),
    drafted: doc.state === 'waiting' && latest.review !== null,
  };
}

/** The reviewer's view of one review: every version, with its review (a draft included). */
export function deskDetail(id: string, doc: CareerReviewStored, nowMs: number): CareerDeskDetail {
  return {
    item: deskItem(id, doc, nowMs),
    checklist: CHECKLISTS[doc.kind],
    versions: doc.versions.map((v, i) => ({
      ...versionBase(v, i),
      review: v.review
        ? {
            checks: checksView(doc, v.review),
            summary: v.review.summary,
            firstChanges: v.review.firstChanges,
            verdict: v.review.verdict,
            reviewerName: v.review.reviewerName,
            releasedAt: v.review.releasedAt ? iso(v.review.releasedAt) : null,
          }
        : null,
    })),
  };
}
