import { Timestamp } from 'firebase-admin/firestore';
import { ENROLLMENT_STATUS_LABELS } from '@upskill/domain/enrollment';
import { RESEND_COOLDOWN_MS, resendSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { enrollmentNotFound, enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { enrollmentCreatedMail, receiptMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { runTransaction } from '../http/transaction';

/**
 * Queues the payment link (the enrollment mail) or the receipt again, through the outbox. Refused for
 * an enrollment in the wrong state, and within a minute of the last resend of the same mail, so a
 * double click (or two staff at once) sends one.
 */
export async function resendMail(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { mail } = await validateBody(resendSchema, body, 'Choose what to resend.');
  const ref = enrollments().doc(id);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw enrollmentNotFound();
      if (mail === 'payment-link' && doc.status !== 'pending_payment') {
        throw new HttpError(
          'failed-precondition',
          `Only an enrollment awaiting payment has a payment link to send; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`,
        );
      }
      if (mail === 'receipt' && (doc.status !== 'paid' || !doc.payment)) {
        throw new HttpError(
          'failed-precondition',
          `Only a paid enrollment has a receipt to send; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`,
        );
      }
      const last = doc.staffResends?.[mail];
      if (last && Date.now() - last.toMillis() < RESEND_COOLDOWN_MS) {
        throw new HttpError(
          'failed-precondition',
          `The ${mail === 'receipt' ? 'receipt' : 'payment link'} was sent less than a minute ago. Give it a minute to arrive.`,
        );
      }
      const message =
        mail === 'receipt' && doc.payment
          ? receiptMail(id, doc, { ...doc.payment, paidAt: doc.payment.paidAt.toDate(), invoiceNumber: doc.invoice?.number })
          : enrollmentCreatedMail(id, doc);
      queueMail(tx, doc.email, message);
      tx.update(ref, { [`staffResends.${mail}`]: Timestamp.now() });
      return writeAudit(
        tx,
        actor,
        mail === 'receipt' ? 'resend-receipt' : 'resend-payment-link',
        { kind: 'enrollment', id },
        `To ${doc.email}`,
      );
    }),
  );
  return { ok: true, auditId };
}
