import { getAuth } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import type { FirestoreEvent, QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import type { AccountRequestState } from '@upskill/domain/documents';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { db } from '../platform/database';
import { accountRequests } from './requests';

/** Auth's code from a link the admin SDK made (…?mode=resetPassword&oobCode=…). */
function actionCode(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('Auth returned an action link without a code');
  return code;
}

/** What Auth says about the address: the code to mail, or why there is nothing to send. */
async function codeFor(kind: 'password-reset' | 'email-verification', email: string): Promise<{ state: AccountRequestState; oobCode: string | null }> {
  const auth = getAuth(adminApp());
  const user = await auth.getUserByEmail(email).catch((err: { code?: string }) => {
    if (err.code === 'auth/user-not-found') return null;
    throw err;
  });
  if (!user || user.disabled) return { state: 'no-account', oobCode: null };
  if (kind === 'email-verification' && user.emailVerified) return { state: 'already-verified', oobCode: null };
  const link = kind === 'password-reset' ? await auth.generatePasswordResetLink(email) : await auth.generateEmailVerificationLink(email);
  return { state: 'sent', oobCode: actionCode(link) };
}

/**
 * accountRequests/{id} created: looks the address up, has Auth make the action code and queues the
 * mail, once however often the event is delivered (the state moves from queued in one transaction).
 * The address itself is dropped from the request once handled.
 */
export async function processAccountRequest(event: FirestoreEvent<QueryDocumentSnapshot | undefined, { id: string }>): Promise<void> {
  const ref = accountRequests().doc(event.params.id);
  const request = (await ref.get()).data();
  if (!request || request.state !== 'queued' || !request.email || !request.ticket) return;
  const outcome = await codeFor(request.kind, request.email);
  await db().runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.state !== 'queued' || !current.email || !current.ticket) return;
    const mailId = outcome.state === 'sent' ? queueMail(tx, current.email, { template: current.kind, data: { ticket: current.ticket } }) : null;
    tx.update(ref, { state: outcome.state, oobCode: outcome.oobCode, mailId, email: null, ticket: null, handledAt: FieldValue.serverTimestamp() });
  });
}
