import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { SWITCH_TOP_UP_PURPOSE, topUpPayments } from '@upskill/domain/enrollment';
import { enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { issueCreditNote } from '../invoices/issue';
import { withNumbers } from '../invoices/numbers';
import { creditNoteId, taxDocuments } from '../invoices/store';
import { creditNoteMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import { rememberEvent, seenEvent, type Reporter } from '../payments/fulfilment';
import { isRecord, readPayment, readRefund, type GatewayPayment, type GatewayRefund } from '../payments/gatewayPayment';
import { orders, payments } from '../payments/store';
import { gatewayError, razorpay } from '../platform/razorpay';

/**
 * A full refund of an enrollment whose course was switched to a dearer one returns both payments: the purchase's
 * (payments/refund.ts) and each switch's top-up (here). Each top-up refund is a credit note against the enrollment's
 * invoice, which named the new price that both payments paid, issued once per refund (its id is the refund's).
 */

/**
 * refund.processed of a top-up payment (the webhook), or the refund Razorpay answered as processed (below): the credit
 * note for it, once. 'unknown-order' when the payment is not a switch's top-up.
 */
export function applyTopUpRefund(
  refund: GatewayRefund,
  payment: GatewayPayment,
  reporter: Reporter,
  atMs = Date.now(),
): Promise<'unknown-order' | 'duplicate-event' | 'recorded'> {
  return withNumbers(['credit-note'], atMs, refund.id, (numbers) =>
    runTransaction(async (tx) => {
      await numbers.check(tx);
      if (await seenEvent(tx, reporter)) return 'duplicate-event' as const;
      const paymentRef = payments().doc(payment.id);
      const creditRef = taxDocuments().doc(creditNoteId(refund.id));
      const [orderSnap, paymentSnap, creditSnap] = await Promise.all([
        tx.get(orders().doc(payment.orderId)),
        tx.get(paymentRef),
        tx.get(creditRef),
      ]);
      const order = orderSnap.data();
      if (order?.purpose !== SWITCH_TOP_UP_PURPOSE) return 'unknown-order' as const;
      const enrollmentRef = enrollments().doc(order.enrollmentId);
      const enrollment = (await tx.get(enrollmentRef)).data();
      const known = paymentSnap.data();
      if (!enrollment || !known || creditSnap.exists) {
        rememberEvent(tx, reporter, payment.id, 'already-recorded');
        return 'recorded' as const;
      }
      // Every read is done.
      const full = refund.amount >= payment.amount;
      tx.update(paymentRef, {
        state: full ? 'refunded' : 'captured',
        refundId: refund.id,
        flagged: !full || known.flagged,
        flagReason: full ? known.flagReason : `Partial refund ${refund.id} of ${refund.amount} paise.`,
        updatedAt: FieldValue.serverTimestamp(),
      });
      // A top-up that made its switch is part of the invoiced price; one whose switch was refused was never invoiced.
      const invoiced = enrollment.switches?.some((s) => s.topUpPaymentId === payment.id);
      if (invoiced && enrollment.invoice) {
        const creditNote = issueCreditNote(tx, numbers, enrollmentRef.id, enrollment, enrollment.invoice, refund, atMs);
        tx.update(enrollmentRef, { creditNote, updatedAt: FieldValue.serverTimestamp() });
        queueMail(
          tx,
          enrollment.email,
          creditNoteMail(enrollmentRef.id, enrollment, creditNote, refund.amount / 100, enrollment.invoice.number),
        );
      }
      rememberEvent(tx, reporter, payment.id, full ? 'refunded' : 'partial-refund');
      return 'recorded' as const;
    }),
  );
}

/**
 * A staff member's full refund, before the purchase's own (payments/refund.ts): each switch top-up still unrefunded at
 * Razorpay is refunded in full. First, so that a failure here leaves the enrollment paid and the refund can simply be
 * asked again; what Razorpay has refunded already is read first (amount_refunded), so asking twice refunds nothing
 * twice. Nothing is refunded for an enrollment the purchase's refund would refuse (not paid, a refund pending).
 * Answers the top-up refunds asked for; throws 503 when Razorpay does not answer.
 */
export async function refundSwitchTopUps(enrollmentId: string, by: string, reason: string): Promise<string[]> {
  const enrollment = (await withDeadline(enrollments().doc(enrollmentId).get())).data();
  const made: string[] = [];
  const refundable =
    enrollment?.status === 'paid' && !enrollment.refundRequest && !(enrollment.switchRefund && !enrollment.switchRefund.refundId);
  for (const topUp of enrollment && refundable ? topUpPayments(enrollment) : []) {
    try {
      const entity: unknown = await withDeadline(razorpay().payments.fetch(topUp.paymentId));
      const payment = readPayment(entity);
      const refunded = isRecord(entity) && typeof entity.amount_refunded === 'number' ? entity.amount_refunded : 0;
      if (!payment || payment.amount - refunded <= 0) continue;
      const answer: unknown = await withDeadline(
        razorpay().payments.refund(topUp.paymentId, {
          amount: payment.amount - refunded,
          speed: 'normal',
          notes: { purpose: SWITCH_TOP_UP_PURPOSE, enrollmentId, requestedBy: by, reason: reason.slice(0, 250) },
        }),
      );
      const refund = readRefund(answer);
      if (!refund) continue;
      made.push(refund.id);
      // Applied now when Razorpay says it is processed; else (or if this fails) refund.processed applies it.
      if (isRecord(answer) && answer.status === 'processed')
        await applyTopUpRefund(refund, payment, { by: 'staff' }).catch((err: unknown) =>
          logger.warn('top-up refund: applied by the webhook instead', { enrollmentId, refundId: refund.id, error: String(err) }),
        );
    } catch (err) {
      if (err instanceof HttpError) throw err;
      logger.error('top-up refund: Razorpay did not refund it', { enrollmentId, paymentId: topUp.paymentId, ...gatewayError(err) });
      throw new HttpError(
        'unavailable',
        `Razorpay did not refund the course switch's payment ${topUp.paymentId}, so the course fee was not refunded either: try again in a minute (nothing is refunded twice).`,
      );
    }
  }
  return made;
}
