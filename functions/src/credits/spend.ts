import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { batchLabel, findOffering } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { spendCreditSchema } from '@upskill/domain/forms';
import { creditBalance } from '@upskill/domain/enrollment';
import { INTERESTED_COURSES, type InterestedCourse } from '@upskill/domain/common';
import { confirmSeat, seatForPayment } from '../batches/confirm';
import { batches } from '../batches/store';
import { assertAccess, enrollmentCaller, type EnrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, enrollments, publicRecord, recordOf, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { entitledAt } from '../subscriptions/entitled';
import { runTransaction } from '../http/transaction';

const refuse = (message: string) => new HttpError('failed-precondition', message);

/**
 * POST /api/enroll/{id}/credits {batchId}: the owner of a paid plan with course credits (Standard 1, Pro 3,
 * Platinum 5, Single Course Access 1; the first is the course chosen at enrollment), or of an active Elite
 * membership (unlimited), takes a seat in a batch of any course. One transaction reads the plan's count of
 * credits used, the batch and its seats, and writes the new enrollment (no price; `coveredBy` the plan), its
 * confirmed seat, the count plus one and the mail: concurrent spends serialise on the plan's document, so
 * credits are never overspent.
 */
export async function spendCredit(req: HttpRequest, id: string, nowMs = Date.now()): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Using a credit of');
  const { batchId } = await validateBody(spendCreditSchema, body, 'Choose a batch.');
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  const earlier = await seatAlreadyBought(caller, id, batchId, nowMs);
  if (earlier) return earlier;
  const parentRef = enrollments().doc(id);
  const childRef = enrollments().doc();
  let written: EnrollmentDoc | undefined;
  await withDeadline(
    runTransaction(async (tx) => {
      const parent = (await tx.get(parentRef)).data();
      if (!parent) throw enrollmentNotFound();
      assertAccess(caller, parent, 'use the credits of');
      const balance = parent.coveredBy ? null : creditBalance(parent);
      if (!balance) throw refuse('This enrollment has no course credits to use.');
      if (!entitledAt(parent, nowMs)) {
        throw refuse(
          balance.granted === null
            ? 'Your membership is not active, so it cannot add a course. Renew it or pay the pending charge first.'
            : 'Pay for this plan before using its course credits.',
        );
      }
      if (balance.left !== null && balance.left <= 0) {
        throw refuse(
          balance.courseIds
            ? 'You already have a seat in each course of your Custom plan.'
            : `You have used all ${balance.granted ?? 0} course credits of this plan.`,
        );
      }
      const batch = (await tx.get(batches().doc(batchId))).data();
      const offering = batch ? findOffering(batch.offering) : undefined;
      // A campus batch is its organisation's: a learner's own credit never buys a seat in it.
      if (!batch || !offering || batch.campus) throw new HttpError('not-found', 'No batch with that id.');
      if (batch.status !== 'open' || batch.startsAt.toMillis() <= nowMs) throw refuse('Choose a batch that has not started yet.');
      const siblings = (await tx.get(enrollments().where('coveredBy.enrollmentId', '==', id))).docs.map((d) => d.data());
      if (parent.batchId === batchId || siblings.some((s) => s.batchId === batchId && s.seatId))
        throw refuse('You already have a seat in this batch.');

      const course = offering.kind === 'course' ? COURSES.find((c) => c.slug === offering.slug) : undefined;
      if (balance.courseIds) {
        // Custom: only the chosen courses, each once.
        if (!course || !balance.courseIds.includes(course.id))
          throw refuse('Your Custom plan covers only the courses you chose. Choose a batch of one of them.');
        if (siblings.some((s) => s.courseId === course.id)) throw refuse('You already have a seat in this course.');
      }
      const programme = INTERESTED_COURSES.find((name) => name === offering.name);
      const kind = balance.granted === null ? ('membership' as const) : ('credit' as const);
      const child: EnrollmentDoc = {
        name: parent.name,
        collegeName: parent.collegeName,
        email: parent.email,
        phone: parent.phone,
        interestedCourse: (programme ?? parent.interestedCourse) as InterestedCourse,
        preferredBatchTime: batch.batchTime,
        planName: `${parent.planName} (${kind === 'membership' ? 'membership' : 'course credit'})`,
        planId: null,
        courseId: course?.id ?? null,
        courseIds: null,
        price: 0,
        listPrice: 0,
        couponApplied: false,
        features: [],
        status: 'paid',
        order: null,
        payment: null,
        refund: null,
        seatIssue: null,
        uid: parent.uid,
        editTokenHashes: [],
        searchKeys: parent.searchKeys,
        batchId,
        seatId: null,
        coveredBy: { enrollmentId: id, kind },
        // The time of this attempt, not a server timestamp, so the answer is built from what is written.
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      };
      const seat = await seatForPayment(tx, childRef.id, child, nowMs);
      if (seat.kind !== 'free') throw new HttpError('batch-full', 'This batch is full. Choose another batch.');
      // Every read is done.
      written = { ...child, ...confirmSeat(tx, childRef.id, child, seat) };
      tx.create(childRef, written);
      tx.update(parentRef, { creditsUsed: balance.used + 1, updatedAt: FieldValue.serverTimestamp() });
      queueMail(tx, parent.email, {
        template: 'credit-spent',
        data: {
          enrollmentId: childRef.id,
          name: parent.name,
          planName: parent.planName,
          offering: offering.name,
          batch: batchLabel(batch),
          left: balance.left === null ? null : balance.left - 1,
        },
      });
    }),
  );
  // No read after the commit: one that timed out would answer 503 for a seat already bought.
  if (!written) throw new Error('credit spend committed nothing');
  return recordOf(childRef.id, written, nowMs);
}

/**
 * The same spend sent again, because its first answer was lost (a 503 for a spend that had committed) or the
 * button was pressed twice: while the plan is in force, the seat it already holds in that batch is the answer, and
 * no second credit or mail. Read outside the transaction, so a refused spend never waits on the query's locks.
 */
async function seatAlreadyBought(caller: EnrollmentCaller, id: string, batchId: string, nowMs: number): Promise<EnrollmentRecord | null> {
  const parent = (await withDeadline(enrollments().doc(id).get())).data();
  if (!parent) throw enrollmentNotFound();
  assertAccess(caller, parent, 'use the credits of');
  if (parent.coveredBy || !entitledAt(parent, nowMs)) return null;
  const siblings = await withDeadline(enrollments().where('coveredBy.enrollmentId', '==', id).get());
  const held = siblings.docs.find((s) => s.get('batchId') === batchId && s.get('seatId'));
  return held ? publicRecord(held, nowMs) : null;
}
