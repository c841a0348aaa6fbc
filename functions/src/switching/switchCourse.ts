import { markSeatId } from '../batches/board';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { batchLabel, findOffering, offeringOf } from '@upskill/domain/batches';
import { toPaise } from '@upskill/domain/common';
import {
  SWITCH_MESSAGES,
  purchaseTitle,
  switchRefund,
  switchRefusal,
  switchedFields,
  type EnrollmentRecord,
} from '@upskill/domain/enrollment';
import { switchCourseSchema } from '@upskill/domain/forms';
import { writeAudit } from '../audit/staffAudit';
import { confirmSeat, seatForPayment } from '../batches/confirm';
import { sellableBatch, someoneWaiting } from '../batches/seats';
import { batches, seats } from '../batches/store';
import { assertAccess, enrollmentCaller, type EnrollmentCaller } from '../enrollment/access';
import { requestNow } from '../http/clock';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { enrollmentNotFound, enrollments, publicRecord, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { issueSwitchDocuments } from '../invoices/issue';
import { withNumbers } from '../invoices/numbers';
import { queueMail } from '../mail/outbox';
import { refundSwitchDifference } from './switchRefund';

/** Who switches: the learner (their edit token or sign-in, checked against the enrollment), or staff from the console. */
export type Switcher = { kind: 'learner'; caller: EnrollmentCaller } | { kind: 'staff'; actor: StaffActor };

const refuse = (message: string) => new HttpError('failed-precondition', message);

/**
 * POST /api/enroll/{id}/switch {batchId} (the learner) and POST /api/staff/enrollments/{id}/switch (staff):
 * a paid enrollment moves to a batch of another course (a plan: another programme) before its own batch's first class,
 * at no cost; to a cheaper course, the difference is refunded (decision 0038).
 * One transaction takes a seat in the new batch, gives up the old one (its waitlist is offered it by the seat trigger),
 * records the switch and queues the mail; where the invoice named the old course, a credit note cancels it and the new
 * course is invoiced for the same amount, in the same transaction. A switch that lost a race changes nothing.
 */
export async function switchCourse(
  by: Switcher,
  id: string,
  body: unknown,
  nowMs: number,
): Promise<{ record: EnrollmentRecord; auditId: string | null }> {
  const input = await validateBody(switchCourseSchema, body, 'Choose a batch of the course to switch to.');
  const ref = enrollments().doc(id);
  const current = (await withDeadline(ref.get())).data();
  if (!current) throw enrollmentNotFound();
  if (by.kind === 'learner') assertAccess(by.caller, current, 'switch the course of');
  const from = current.batchId ? (await withDeadline(batches().doc(current.batchId).get())).data() : undefined;
  // A campus batch is refused here as for any buyer (it is its organisation's alone).
  const target = await sellableBatch(input.batchId, nowMs);
  const refusal = switchRefusal(current, target.offering, from?.startsAt.toMillis() ?? nowMs, nowMs);
  if (refusal) throw refuse(refusal);
  // People waiting for the new batch come first, as they do for a new buyer.
  if (await someoneWaiting(input.batchId))
    throw new HttpError('batch-full', 'This batch is full. Choose another batch.', { batchId: 'Full.' });

  // A switch to a cheaper course gives the difference back (a plan's price does not depend on its programme).
  const refund = switchRefund({ ...current, paidAmount: current.payment?.amount ?? 0 }, target.offering);
  if (refund > 0 && !current.payment) throw refuse(SWITCH_MESSAGES.notPaid);
  const fields = { ...switchedFields(current, target.offering), price: current.price - refund, listPrice: current.listPrice - refund };
  const after: EnrollmentDoc = { ...current, ...fields, batchId: input.batchId, seatId: null };
  const fromName = offeringOf(current).name;
  const toName = findOffering(target.offering)?.name ?? target.offering;
  // The invoice describes the purchase: if that description names the course, the switch is a new supply to invoice.
  const reinvoice = current.invoice && current.payment && purchaseTitle(current) !== purchaseTitle(after) ? current.invoice : null;
  const switchNumber = (current.switches?.length ?? 0) + 1;
  let auditId: string | null = null;
  await withNumbers(reinvoice ? ['credit-note', 'invoice'] : [], nowMs, `switch_${id}_${switchNumber}`, (numbers) =>
    withDeadline(
      runTransaction(async (tx) => {
        await numbers.check(tx);
        const latest = (await tx.get(ref)).data();
        if (!latest) throw enrollmentNotFound();
        if (
          latest.courseId !== current.courseId ||
          latest.interestedCourse !== current.interestedCourse ||
          latest.batchId !== current.batchId ||
          latest.status !== 'paid' ||
          (latest.switches?.length ?? 0) !== switchNumber - 1 ||
          Boolean(latest.refundRequest)
        )
          throw refuse(SWITCH_MESSAGES.changed);
        const oldSeat = latest.seatId ? (await tx.get(seats().doc(latest.seatId))).data() : undefined;
        const seat = await seatForPayment(tx, id, { ...latest, batchId: input.batchId, seatId: null }, nowMs);
        if (seat.kind !== 'free') throw new HttpError('batch-full', 'This batch is full. Choose another batch.', { batchId: 'Full.' });
        // Every read is done.
        const moved = { ...latest, ...fields, batchId: input.batchId, preferredBatchTime: target.batchTime };
        const taken = confirmSeat(tx, id, moved, seat);
        if (latest.seatId && oldSeat?.enrollmentId === id) {
          tx.delete(seats().doc(latest.seatId));
          markSeatId(tx, latest.seatId, null);
        }
        const documents =
          reinvoice && latest.payment
            ? issueSwitchDocuments(
                tx,
                numbers,
                id,
                latest,
                moved,
                reinvoice,
                latest.payment.paymentId,
                switchNumber,
                nowMs,
                toPaise(refund),
              )
            : null;
        const record = {
          from: offeringOf(current).slug,
          to: target.offering,
          fromBatchId: current.batchId ?? null,
          toBatchId: input.batchId,
          at: Timestamp.fromMillis(nowMs),
          by: by.kind === 'staff' ? by.actor.email : 'learner',
          refund,
        };
        tx.update(ref, {
          ...taken,
          ...fields,
          batchId: input.batchId,
          preferredBatchTime: target.batchTime,
          switches: [...(latest.switches ?? []), record],
          // Owed from this moment, whatever Razorpay answers next (switchRefund.ts asks for it once).
          ...(refund > 0 && latest.payment
            ? {
                switchRefund: {
                  switchNumber,
                  amount: refund,
                  paymentId: latest.payment.paymentId,
                  refundId: null,
                  requestedAt: Timestamp.fromMillis(nowMs),
                  processedAt: null,
                },
              }
            : {}),
          ...(documents ? { invoice: documents.invoice, creditNote: documents.creditNote } : {}),
          updatedAt: FieldValue.serverTimestamp(),
        });
        const detail = `${fromName}${from ? ` (${batchLabel(from)})` : ''} → ${toName} (${batchLabel(target)})`;
        if (by.kind === 'staff') auditId = writeAudit(tx, by.actor, 'course-switched', { kind: 'enrollment', id }, detail);
        queueMail(tx, latest.email, {
          template: 'course-switched',
          data: {
            enrollmentId: id,
            name: latest.name,
            from: fromName,
            to: toName,
            batch: batchLabel(target),
            invoiceNumber: documents?.invoice.number ?? null,
            refund,
          },
        });
      }),
    ),
  );
  if (refund > 0) await refundSwitchDifference(id);
  return { record: publicRecord(await withDeadline(ref.get()), nowMs), auditId };
}

/** POST /api/enroll/{id}/switch: the learner's own switch, counted against their edits once the body is read. */
export async function switchOwnCourse(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Switching the course of');
  await validateBody(switchCourseSchema, body, 'Choose a batch of the course to switch to.');
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  return (await switchCourse({ kind: 'learner', caller }, id, body, requestNow(req))).record;
}
