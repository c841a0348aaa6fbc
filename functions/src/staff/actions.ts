import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { ENROLLMENT_STATUS_LABELS } from '../domain/api';
import { toPaise } from '../domain/money';
import {
  RESEND_COOLDOWN_MS, STAFF_COLLECTIONS, handledSchema, refundSchema, resendSchema, type StaffActionAnswer,
} from '../domain/staff';
import { enrollments, type EnrollmentDoc } from '../enrollmentStore';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { enrollmentCreatedMail, receiptMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import { db } from '../platform/database';
import { gatewayError, razorpay } from '../platform/razorpay';
import type { StaffActor } from './access';
import { writeAudit } from './audit';

/** The enrollment, read inside the action's transaction; a 404 if there is none. */
async function enrollmentIn(tx: Transaction, ref: DocumentReference<EnrollmentDoc>): Promise<EnrollmentDoc> {
  const doc = (await tx.get(ref)).data();
  if (!doc) throw new HttpError('not-found', 'No enrollment with that id.');
  return doc;
}

/** Marks a contact message handled, with an optional note. Once: a second click says who got there first. */
export async function markMessageHandled(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(handledSchema, body, 'Please check the note.');
  const note = (input.note ?? '').trim();
  const ref = db().collection(STAFF_COLLECTIONS.contactMessages).doc(id);
  const auditId = await withDeadline(db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError('not-found', 'No contact message with that id.');
    if (snap.get('handled') === true) {
      throw new HttpError('failed-precondition', `This message was already marked handled by ${String(snap.get('handledBy'))}.`);
    }
    tx.update(ref, { handled: true, handledAt: FieldValue.serverTimestamp(), handledBy: actor.email, handledNote: note || null });
    return writeAudit(tx, actor, 'message-handled', { kind: 'contactMessage', id }, note);
  }));
  return { ok: true, auditId };
}

/**
 * Queues the payment link (the enrollment mail) or the receipt again, through the outbox. Refused for
 * an enrollment in the wrong state, and within a minute of the last resend of the same mail, so a
 * double click (or two staff at once) sends one.
 */
export async function resendMail(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { mail } = await validateBody(resendSchema, body, 'Choose what to resend.');
  const ref = enrollments().doc(id);
  const auditId = await withDeadline(db().runTransaction(async (tx) => {
    const doc = await enrollmentIn(tx, ref);
    if (mail === 'payment-link' && doc.status !== 'pending_payment') {
      throw new HttpError('failed-precondition', `Only an enrollment awaiting payment has a payment link to send; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`);
    }
    if (mail === 'receipt' && (doc.status !== 'paid' || !doc.payment)) {
      throw new HttpError('failed-precondition', `Only a paid enrollment has a receipt to send; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`);
    }
    const last = doc.staffResends?.[mail];
    if (last && Date.now() - last.toMillis() < RESEND_COOLDOWN_MS) {
      throw new HttpError('failed-precondition', `The ${mail === 'receipt' ? 'receipt' : 'payment link'} was sent less than a minute ago. Give it a minute to arrive.`);
    }
    const message = mail === 'receipt' && doc.payment
      ? receiptMail(id, doc, { ...doc.payment, paidAt: doc.payment.paidAt.toDate() })
      : enrollmentCreatedMail(id, doc);
    queueMail(tx, doc.email, message);
    tx.update(ref, { [`staffResends.${mail}`]: Timestamp.now() });
    return writeAudit(tx, actor, mail === 'receipt' ? 'resend-receipt' : 'resend-payment-link', { kind: 'enrollment', id }, `To ${doc.email}`);
  }));
  return { ok: true, auditId };
}

/** A refund whose gateway call never answered may be retried after this (the gateway refuses a second full refund anyway). */
const UNANSWERED_REFUND_MS = 10 * 60_000;

/**
 * Refunds a paid enrollment in full through Razorpay's Refunds API (the same SDK client and
 * configuration as checkout). The request is claimed on the enrollment first, with its audit entry,
 * so two clicks make one refund; the gateway's refund.processed webhook then marks it refunded.
 */
export async function refundEnrollment(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { reason } = await validateBody(refundSchema, body, 'Please say why.');
  const ref = enrollments().doc(id);
  const claimed = await withDeadline(db().runTransaction(async (tx) => {
    const doc = await enrollmentIn(tx, ref);
    if (doc.status !== 'paid' || !doc.payment) {
      throw new HttpError('failed-precondition', `Only a paid enrollment can be refunded; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`);
    }
    const pending = doc.refundRequest;
    if (pending && (pending.refundId || Date.now() - pending.requestedAt.toMillis() < UNANSWERED_REFUND_MS)) {
      throw new HttpError('failed-precondition', `A refund was already requested by ${pending.by}; Razorpay will confirm it.`);
    }
    tx.update(ref, { refundRequest: { refundId: null, requestedAt: Timestamp.now(), by: actor.email } });
    const auditId = writeAudit(tx, actor, 'refund-requested', { kind: 'enrollment', id }, reason.trim());
    return { auditId, paymentId: doc.payment.paymentId, amount: toPaise(doc.payment.amount) };
  }));

  let refundId: string;
  try {
    const refund = await withDeadline(razorpay().payments.refund(claimed.paymentId, {
      amount: claimed.amount, speed: 'normal', notes: { enrollmentId: id, requestedBy: actor.email, reason: reason.trim().slice(0, 250) },
    }));
    refundId = refund.id;
  } catch (err) {
    const gateway = gatewayError(err);
    if (err instanceof HttpError || gateway.status === undefined || gateway.status >= 500) {
      // No answer: the refund may have gone through. The claim stays (its webhook will settle it).
      logger.error('refund: no answer from the gateway', { enrollmentId: id, description: gateway.description });
      throw new HttpError('unavailable', 'Razorpay did not answer. If the refund went through, this enrollment will show Refunded shortly; check the Razorpay dashboard before trying again in 10 minutes.');
    }
    // A definite refusal: release the claim and record why.
    await withDeadline(db().runTransaction(async (tx) => {
      tx.update(ref, { refundRequest: null });
      writeAudit(tx, actor, 'refund-failed', { kind: 'enrollment', id }, gateway.description);
    }));
    throw new HttpError('failed-precondition', `Razorpay refused the refund: ${gateway.description}`);
  }
  await withDeadline(ref.update({ 'refundRequest.refundId': refundId }));
  return { ok: true, auditId: claimed.auditId, refundId };
}
