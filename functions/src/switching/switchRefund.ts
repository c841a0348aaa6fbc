import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { toPaise } from '@upskill/domain/common';
import { SWITCH_REFUND_PURPOSE } from '@upskill/domain/enrollment';
import { enrollments } from '../enrollment/store';
import { withDeadline } from '../http/handler';
import { isRecord } from '../payments/gatewayPayment';
import { gatewayError, razorpay } from '../platform/razorpay';

/**
 * A switch to a cheaper course owes the difference back (decision 0038). The switch's transaction records it on the
 * enrollment (switchRefund, refundId null) before Razorpay is asked, so the debt outlives any failure here; this asks
 * for it. Exactly once: before asking, the payment's refunds at Razorpay are read for one carrying this switch's notes
 * (a request that reached Razorpay but whose answer was lost), and its id is taken instead. The payment reconciler's schedule
 * (and `npm run jobs -- reconcile`) calls this again for a refund still owed after RETRY_AFTER_MS; refund.processed records it as processed (fulfilment.ts).
 */

/** A switch refund still owed after this is asked for again by the reconciler (the request's own attempt has ended). */
export const SWITCH_REFUND_RETRY_AFTER_MS = 10 * 60_000;

/** The switch's refund at Razorpay, found by its notes among the payment's refunds; undefined when there is none. */
async function findAtGateway(paymentId: string, enrollmentId: string, switchNumber: number) {
  const answer: unknown = await withDeadline(razorpay().payments.fetchMultipleRefund(paymentId, { count: 100 }));
  const items = isRecord(answer) && Array.isArray(answer.items) ? answer.items : [];
  return items.find(
    (item: unknown) =>
      isRecord(item) &&
      isRecord(item.notes) &&
      item.notes.purpose === SWITCH_REFUND_PURPOSE &&
      item.notes.enrollmentId === enrollmentId &&
      String(item.notes.switchNumber) === String(switchNumber),
  ) as { id: string; status?: string } | undefined;
}

/**
 * Asks Razorpay for the enrollment's owed switch refund, once. Returns whether it is now known to Razorpay (made, or
 * found made); false leaves it owed, for the reconciler. Never throws: the switch itself has succeeded either way.
 */
export async function refundSwitchDifference(enrollmentId: string): Promise<boolean> {
  const ref = enrollments().doc(enrollmentId);
  try {
    const owed = (await withDeadline(ref.get())).data()?.switchRefund;
    if (!owed) return false;
    if (owed.refundId) return true;
    const found = await findAtGateway(owed.paymentId, enrollmentId, owed.switchNumber);
    const refund =
      found ??
      ((await withDeadline(
        razorpay().payments.refund(owed.paymentId, {
          amount: toPaise(owed.amount),
          speed: 'normal',
          notes: { purpose: SWITCH_REFUND_PURPOSE, enrollmentId, switchNumber: String(owed.switchNumber) },
        }),
      )) as { id: string; status?: string });
    // refund.processed may have recorded it already (processedAt); the id is the same either way.
    await withDeadline(
      ref.update({
        'switchRefund.refundId': refund.id,
        ...(refund.status === 'processed' && !owed.processedAt ? { 'switchRefund.processedAt': Timestamp.now() } : {}),
      }),
    );
    return true;
  } catch (err) {
    logger.error('switch refund: not made yet; the reconciler asks again', {
      enrollmentId,
      description: gatewayError(err).description ?? (err instanceof Error ? err.message : String(err)),
    });
    return false;
  }
}

/** The reconciler's part: each switch refund still owed after SWITCH_REFUND_RETRY_AFTER_MS is asked for again. */
export async function retryOwedSwitchRefunds(nowMs: number): Promise<{ switchRefundsOwed: number; switchRefundsMade: number }> {
  const owed = await enrollments().where('switchRefund.refundId', '==', null).limit(100).get();
  let made = 0;
  const due = owed.docs.filter((doc) => (doc.data().switchRefund?.requestedAt.toMillis() ?? nowMs) <= nowMs - SWITCH_REFUND_RETRY_AFTER_MS);
  for (const doc of due) if (await refundSwitchDifference(doc.id)) made += 1;
  return { switchRefundsOwed: due.length, switchRefundsMade: made };
}
