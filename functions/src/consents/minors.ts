import { Timestamp } from 'firebase-admin/firestore';
import { consentId } from '@upskill/domain/account';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { collection } from '../platform/collections';
import { consents, withdrawConsent } from './store';
import { runTransaction } from '../http/transaction';

/** Whether anyone enrolling with this address said they are under 18: no marketing mail goes to it. */
export async function isMinorAddress(email: string): Promise<boolean> {
  const found = await withDeadline(
    collection('enrollments').where('email', '==', email.trim().toLowerCase()).where('ageDeclaration', '==', 'minor').limit(1).get(),
  );
  return !found.empty;
}

/**
 * A learner who declares they are under 18 gets no newsletter (DPDP Act s.9: no tracking of or targeted
 * advertising to children): a subscription to their address ends, and its consent is marked withdrawn.
 */
export async function stopMarketingTo(email: string, nowMs: number): Promise<void> {
  const id = sha256(email.trim().toLowerCase());
  const subscription = collection('newsletterSubscriptions').doc(id);
  const consent = consents().doc(consentId.newsletter(id));
  await withDeadline(
    runTransaction(async (tx) => {
      const [current, given] = await Promise.all([tx.get(subscription), tx.get(consent)]);
      const doc = current.data();
      if (doc && doc.status !== 'unsubscribed')
        tx.update(subscription, { status: 'unsubscribed', unsubscribedAt: Timestamp.fromMillis(nowMs) });
      withdrawConsent(tx, consent, given.data(), 'declared-under-18', nowMs);
    }),
  );
}
