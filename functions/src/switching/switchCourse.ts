import { markSeatId } from '../batches/board';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { batchLabel, findOffering, offeringOf } from '@upskill/domain/batches';
import { toPaise } from '@upskill/domain/common';
import {
  SWITCH_MESSAGES,
  purchaseTitle,
  switchRefund,
  switchRefusal,
  switchTopUp,
  switchedFields,
  topUpPayments,
  type EnrollmentRecord,
} from '@upskill/domain/enrollment';
import type { TaxDocumentSummary } from '@upskill/domain/tax';
import { switchCourseSchema } from '@upskill/domain/forms';
import { writeAudit } from '../audit/staffAudit';
import { confirmSeat, seatForPayment, type SeatOutcome } from '../batches/confirm';
import { sellableBatch, someoneWaiting } from '../batches/seats';
import { batches, seats, type BatchDoc } from '../batches/store';
import { assertAccess, enrollmentCaller, type EnrollmentCaller } from '../enrollment/access';
import { requestNow } from '../http/clock';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { enrollmentNotFound, enrollments, publicRecord, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import type { Writer } from '../platform/writer';
import { validateBody } from '../http/validate';
import { issueSwitchDocuments } from '../invoices/issue';
import { withNumbers, type Numbers } from '../invoices/numbers';
import { queueMail } from '../mail/outbox';
import { refundSwitchDifference } from './switchRefund';

/** Who switches: the learner (their edit token or sign-in, checked against the enrollment), or staff from the console. */
export type Switcher = { kind: 'learner'; caller: EnrollmentCaller } | { kind: 'staff'; actor: StaffActor };

export const refuse = (message: string) => new HttpError('failed-precondition', message);
export const batchTaken = () => new HttpError('batch-full', 'This batch is full. Choose another batch.', { batchId: 'Full.' });

/** What a switch changes, decided before its transaction: the new course, the batch, what comes back or is paid on top. */
export interface SwitchPlan {
  id: string;
  /** The enrollment as read before the transaction: the transaction refuses if it changed. */
  current: EnrollmentDoc;
  from: BatchDoc | undefined;
  target: BatchDoc;
  toBatchId: string;
  /** Rupees given back (a cheaper course) and paid on top (a dearer one, by `topUpPaymentId`). */
  refund: number;
  topUp: number;
  topUpPaymentId: string | null;
  switchNumber: number;
  by: string;
}

/** The fields a switch changes on the enrollment (its course, and its price by what came back or was paid on top). */
function switchFields(plan: SwitchPlan) {
  const { current, target, refund, topUp } = plan;
  return {
    ...switchedFields(current, target.offering),
    price: current.price - refund + topUp,
    listPrice: current.listPrice - refund + topUp,
  };
}

/** Whether the switch's invoice must be reissued: the invoice's description names the course. */
export function reinvoiceOf(plan: SwitchPlan): TaxDocumentSummary | null {
  const after: EnrollmentDoc = { ...plan.current, ...switchFields(plan) };
  const { invoice, payment } = plan.current;
  return invoice && payment && purchaseTitle(plan.current) !== purchaseTitle(after) ? invoice : null;
}

/** Whether the enrollment still is as the plan read it (no other switch, move or refund came between). */
export function unchanged(plan: SwitchPlan, latest: EnrollmentDoc): boolean {
  const { current } = plan;
  return (
    latest.courseId === current.courseId &&
    latest.interestedCourse === current.interestedCourse &&
    latest.batchId === current.batchId &&
    latest.status === 'paid' &&
    (latest.switches?.length ?? 0) === plan.switchNumber - 1 &&
    !latest.refundRequest
  );
}

/**
 * The switch's writes, after every read of its transaction: the seat taken in the new batch and the old one given up
 * (its waitlist is offered it by the seat trigger), the credit note and new invoice where the invoice named the old
 * course, the switch recorded (with any refund owed), the staff audit and the mail. Returns the audit record's id.
 */
export function writeSwitch(
  tx: Transaction,
  plan: SwitchPlan,
  latest: EnrollmentDoc,
  seat: SeatOutcome,
  /** Whether the enrollment's old seat (read in the transaction) is still its own, to give up. */
  oldSeatOurs: boolean,
  numbers: Numbers,
  nowMs: number,
  audit?: StaffActor,
): string | null {
  const { id, current, from, target, toBatchId, refund, topUp, topUpPaymentId, switchNumber } = plan;
  const fields = switchFields(plan);
  const moved = { ...latest, ...fields, batchId: toBatchId, preferredBatchTime: target.batchTime };
  const taken = confirmSeat(tx, id, moved, seat);
  if (latest.seatId && oldSeatOurs) {
    tx.delete(seats().doc(latest.seatId));
    markSeatId(tx, latest.seatId, null);
  }
  const reinvoice = reinvoiceOf(plan);
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
          topUpPaymentId
            ? {
                topUpPaise: toPaise(topUp),
                topUpPaymentId,
                earlierPaymentIds: [latest.payment.paymentId, ...topUpPayments(latest).map((p) => p.paymentId)],
              }
            : { refundPaise: toPaise(refund) },
        )
      : null;
  const record = {
    from: offeringOf(current).slug,
    to: target.offering,
    fromBatchId: current.batchId ?? null,
    toBatchId,
    at: Timestamp.fromMillis(nowMs),
    by: plan.by,
    refund,
    ...(topUpPaymentId ? { topUp, topUpPaymentId } : {}),
  };
  tx.update(enrollments().doc(id), {
    ...taken,
    ...fields,
    batchId: toBatchId,
    preferredBatchTime: target.batchTime,
    switches: [...(latest.switches ?? []), record],
    // Made or replaced: a dearer switch's order that is still open can no longer make a switch.
    switchOrder: null,
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
  const fromName = offeringOf(current).name;
  const toName = findOffering(target.offering)?.name ?? target.offering;
  const auditId = audit
    ? writeAudit(
        tx,
        audit,
        'course-switched',
        { kind: 'enrollment', id },
        `${fromName}${from ? ` (${batchLabel(from)})` : ''} → ${toName} (${batchLabel(target)})`,
      )
    : null;
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
      ...(topUp > 0 ? { topUp } : {}),
    },
  });
  return auditId;
}

/**
 * Reads what every switch checks before its transaction: the enrollment (its owner, for a learner), its batch, and the
 * new batch, which must sell and be of a course (a plan: a programme) the enrollment may switch to.
 */
export async function readSwitch(by: Switcher, id: string, batchId: string, nowMs: number) {
  const ref = enrollments().doc(id);
  const snap = await withDeadline(ref.get());
  const current = snap.data();
  if (!current) throw enrollmentNotFound();
  if (by.kind === 'learner') assertAccess(by.caller, current, 'switch the course of');
  const from = current.batchId ? (await withDeadline(batches().doc(current.batchId).get())).data() : undefined;
  // A campus batch is refused here as for any buyer (it is its organisation's alone).
  const target = await sellableBatch(batchId, nowMs);
  const refusal = switchRefusal(current, target.offering, from?.startsAt.toMillis() ?? nowMs, nowMs);
  if (refusal) throw refuse(refusal);
  return { ref, current, readAt: snap.updateTime, from, target };
}

/**
 * POST /api/enroll/{id}/switch {batchId} (the learner) and POST /api/staff/enrollments/{id}/switch (staff):
 * a paid enrollment moves to a batch of another course (a plan: another programme) before its own batch's first class,
 * at no cost; to a cheaper course, the difference is refunded (decision 0038). A dearer course's difference is paid
 * first (switchCheckout.ts): this answers 409 saying so.
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
  const { ref, current, from, target } = await readSwitch(by, id, input.batchId, nowMs);
  if (switchTopUp(current, target.offering) > 0) throw refuse(by.kind === 'staff' ? SWITCH_MESSAGES.staffTopUp : SWITCH_MESSAGES.topUp);
  // People waiting for the new batch come first, as they do for a new buyer.
  if (await someoneWaiting(input.batchId)) throw batchTaken();

  // A switch to a cheaper course gives the difference back (a plan's price does not depend on its programme).
  const refund = switchRefund({ ...current, paidAmount: current.payment?.amount ?? 0 }, target.offering);
  if (refund > 0 && !current.payment) throw refuse(SWITCH_MESSAGES.notPaid);
  const plan: SwitchPlan = {
    id,
    current,
    from,
    target,
    toBatchId: input.batchId,
    refund,
    topUp: 0,
    topUpPaymentId: null,
    switchNumber: (current.switches?.length ?? 0) + 1,
    by: by.kind === 'staff' ? by.actor.email : 'learner',
  };
  let auditId: string | null = null;
  await withNumbers(reinvoiceOf(plan) ? ['credit-note', 'invoice'] : [], nowMs, `switch_${id}_${plan.switchNumber}`, (numbers) =>
    withDeadline(
      runTransaction(async (tx) => {
        await numbers.check(tx);
        const latest = (await tx.get(ref)).data();
        if (!latest) throw enrollmentNotFound();
        if (!unchanged(plan, latest)) throw refuse(SWITCH_MESSAGES.changed);
        const oldSeatOurs = await ownsSeat(tx, id, latest.seatId);
        const seat = await seatForPayment(tx, id, { ...latest, batchId: input.batchId, seatId: null }, nowMs);
        if (seat.kind !== 'free') throw batchTaken();
        // A dearer switch's seat held meanwhile is given up with its order (writeSwitch clears the order).
        const held = latest.switchOrder ? await heldSeat(tx, id, latest.switchOrder.seatId) : undefined;
        // Every read is done.
        if (held && held.id !== seat.ref.id) releaseHeld(tx, held.id);
        auditId = writeSwitch(tx, plan, latest, seat, oldSeatOurs, numbers, nowMs, by.kind === 'staff' ? by.actor : undefined);
      }),
    ),
  );
  if (refund > 0) await refundSwitchDifference(id);
  return { record: publicRecord(await withDeadline(ref.get()), nowMs), auditId };
}

/** Whether the seat is still this enrollment's (read in the transaction, before the switch gives it up). */
export async function ownsSeat(tx: Transaction, enrollmentId: string, seatId: string | null | undefined): Promise<boolean> {
  return seatId ? (await tx.get(seats().doc(seatId))).data()?.enrollmentId === enrollmentId : false;
}

/** The seat a dearer switch holds for this enrollment, if it is still only held (not taken over, not confirmed). */
export async function heldSeat(tx: Transaction, enrollmentId: string, seatId: string) {
  const snap = await tx.get(seats().doc(seatId));
  const data = snap.data();
  return data && data.enrollmentId === enrollmentId && data.state === 'held' ? snap : undefined;
}

export function releaseHeld(tx: Writer, seatId: string) {
  tx.delete(seats().doc(seatId));
  markSeatId(tx, seatId, null);
}

/** POST /api/enroll/{id}/switch: the learner's own switch, counted against their edits once the body is read. */
export async function switchOwnCourse(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Switching the course of');
  await validateBody(switchCourseSchema, body, 'Choose a batch of the course to switch to.');
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  return (await switchCourse({ kind: 'learner', caller }, id, body, requestNow(req))).record;
}
