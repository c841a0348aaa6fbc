import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  careerReviewNoun,
  careerAllowanceLine,
  careerAllowances,
  careerPromiseText,
  careerReviewDueAt,
  careerSubmissionSchema,
  type CareerAllowance,
  type CareerAllowanceView,
  type CareerAnswer,
  type CareerReviewItem,
} from '@upskill/domain/career';
import { allowanceWindow } from '@upskill/domain/mentoring';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { mentoringSource } from '../mentoring/allowances';
import { entitledAt } from '../subscriptions/entitled';
import { careerReviews, learnerItem, reReviewsLeft, reviewNotFound, type CareerReviewStored } from './store';

/** A purchase whose plan gives career reviews now: paid or a charged membership (not a trial), and not a place bought with a credit. */
const givesReviews = (doc: EnrollmentDoc, nowMs: number) =>
  !doc.coveredBy && careerAllowances(doc.planId).length > 0 && entitledAt(doc, nowMs) && !mentoringSource(doc).inTrial;

/** The window an allowance is counted in now: the purchase, or the membership's current year. */
const windowStart = (doc: EnrollmentDoc, allowance: CareerAllowance, nowMs: number) =>
  allowanceWindow(allowance.per, mentoringSource(doc).startedAtMs, nowMs).startMs;

/**
 * The review documents an allowance may fill, one per review it gives: `{enrollment}_{kind}_{window start}_{n}`. A
 * submission creates the first free one in a transaction, so five at once with one left create exactly one.
 */
const slotIds = (enrollmentId: string, allowance: CareerAllowance, startMs: number) =>
  Array.from({ length: allowance.count }, (_, i) => `${enrollmentId}_${allowance.kind}_${startMs}_${i + 1}`);

/** GET /api/mentoring/career: what each purchase gives and has left, and the learner's reviews (drafts withheld). */
export async function careerOverview(account: DecodedIdToken, nowMs: number): Promise<CareerAnswer> {
  const owned = (await enrollmentsOwnedBy(account)).filter((d) => givesReviews(d.data(), nowMs));
  const ids = owned.map((d) => d.id).slice(0, 30);
  const reviews = ids.length ? (await withDeadline(careerReviews().where('enrollmentId', 'in', ids).get())).docs : [];
  const allowances: CareerAllowanceView[] = owned.flatMap((snap) => {
    const doc = snap.data();
    return careerAllowances(doc.planId).map((allowance) => {
      const slots = new Set(slotIds(snap.id, allowance, windowStart(doc, allowance, nowMs)));
      const used = reviews.filter((r) => slots.has(r.id)).length;
      const left = Math.max(0, allowance.count - used);
      return {
        ...allowance,
        enrollmentId: snap.id,
        planName: doc.planName,
        used,
        left,
        line: careerAllowanceLine(allowance, left),
        promise: careerPromiseText(doc.planId),
      };
    });
  });
  const items: CareerReviewItem[] = reviews
    .sort((a, b) => b.data().createdAt.toMillis() - a.data().createdAt.toMillis())
    .map((r) => learnerItem(r.id, r.data()));
  return { allowances, reviews: items };
}

type Version = CareerReviewStored['versions'][number];

/** A version as sent: the link, the role and the posting, trimmed, due by the plan's promise from now. */
function newVersion(
  input: { link: string; targetRole: string; postingLink?: string | null },
  planId: string | null,
  nowMs: number,
): Version {
  return {
    link: input.link.trim(),
    targetRole: input.targetRole.trim(),
    postingLink: input.postingLink?.trim() || null,
    submittedAt: Timestamp.fromMillis(nowMs),
    dueAt: Timestamp.fromMillis(careerReviewDueAt(planId, nowMs)),
    review: null,
  };
}

/** The receipt of a version, with the promise and its day, mailed in the transaction that records it. */
function mailReceipt(tx: Transaction, to: string, reviewId: string, doc: CareerReviewStored) {
  const latest = doc.versions[doc.versions.length - 1];
  queueMail(tx, to, {
    template: 'career-received',
    data: {
      reviewId,
      name: doc.learnerName,
      kind: doc.kind,
      version: doc.versions.length,
      promise: careerPromiseText(doc.planId),
      dueAt: latest.dueAt.toDate().toISOString(),
    },
  });
}

/** The courses a purchase covers: its own, and those its credits paid for (a mentor of any of them may review). */
async function coursesOf(id: string, doc: EnrollmentDoc): Promise<number[]> {
  const covered = await withDeadline(enrollments().where('coveredBy.enrollmentId', '==', id).get());
  const ids = [doc.courseId, ...covered.docs.map((d) => d.data().courseId)].filter((c): c is number => typeof c === 'number');
  return [...new Set(ids)];
}

/**
 * POST /api/mentoring/career/reviews {enrollmentId, kind, link, targetRole, postingLink}: a resume or LinkedIn link
 * for review, counted against the purchase's allowance in one transaction, and its receipt mailed with the promise.
 */
export async function submitCareerReview(account: DecodedIdToken, body: unknown, nowMs: number): Promise<CareerReviewItem> {
  const input = await validateBody(careerSubmissionSchema, body, 'Please check the details.');
  const snap = (await enrollmentsOwnedBy(account)).find((d) => d.id === input.enrollmentId);
  if (!snap) throw new HttpError('not-found', 'No such purchase.');
  const doc = snap.data();
  const allowance = careerAllowances(doc.planId).find((a) => a.kind === input.kind);
  const name = careerReviewNoun(input.kind);
  if (!allowance || !givesReviews(doc, nowMs)) throw new HttpError('permission-denied', `${doc.planName} does not include a ${name}.`);
  const slots = slotIds(snap.id, allowance, windowStart(doc, allowance, nowMs)).map((id) => careerReviews().doc(id));
  const courseIds = await coursesOf(snap.id, doc);
  const at = Timestamp.fromMillis(nowMs);
  const email = account.email ?? doc.email;
  const review: CareerReviewStored = {
    uid: account.uid,
    learnerName: doc.name,
    email,
    enrollmentId: snap.id,
    planId: doc.planId ?? '',
    courseIds,
    kind: input.kind,
    versions: [newVersion(input, doc.planId, nowMs)],
    state: 'waiting',
    waitingSince: at,
    createdAt: at,
    updatedAt: at,
  };
  const id = await withDeadline(
    runTransaction(async (tx) => {
      const taken = await Promise.all(slots.map((ref) => tx.get(ref)));
      const free = slots.find((_, i) => !taken[i].exists);
      if (!free)
        throw new HttpError(
          'failed-precondition',
          allowance.per === 'membership-year'
            ? `You have used this membership year’s ${name}s.`
            : `You have used the ${name} of this plan.`,
        );
      tx.create(free, review);
      mailReceipt(tx, email, free.id, review);
      return free.id;
    }),
  );
  return learnerItem(id, review);
}

/** POST /api/mentoring/career/reviews/{id}/versions {link, targetRole, postingLink}: the re-review after "changes suggested". */
export async function resubmitCareerReview(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<CareerReviewItem> {
  const ref = careerReviews().doc(id);
  const first = (await withDeadline(ref.get())).data();
  if (!first || first.uid !== account.uid) throw reviewNotFound();
  const fields = typeof body === 'object' && body !== null ? body : {};
  const input = await validateBody(
    careerSubmissionSchema,
    { ...fields, enrollmentId: first.enrollmentId, kind: first.kind },
    'Please check the details.',
  );
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || doc.uid !== account.uid) throw reviewNotFound();
      if (doc.state !== 'changes-suggested')
        throw new HttpError('failed-precondition', 'A new version can be sent once its review suggests changes.');
      if (reReviewsLeft(doc) === 0) throw new HttpError('failed-precondition', 'This review’s re-review has been used.');
      const at = Timestamp.fromMillis(nowMs);
      const next: CareerReviewStored = {
        ...doc,
        versions: [...doc.versions, newVersion(input, doc.planId, nowMs)],
        state: 'waiting',
        waitingSince: at,
        updatedAt: at,
      };
      tx.set(ref, next);
      mailReceipt(tx, doc.email ?? account.email ?? '', id, next);
      return learnerItem(id, next);
    }),
  );
}
