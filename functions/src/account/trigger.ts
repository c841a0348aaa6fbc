import { getAuth } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import type { FirestoreEvent, QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import type { AccountRequestKind, AccountRequestState, MailMessage } from '@upskill/domain/records';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { accountRequests } from './requests';
import { runTransaction } from '../http/transaction';

/** Auth's code from a link the admin SDK made (…?mode=resetPassword&oobCode=…). */
function actionCode(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('Auth returned an action link without a code');
  return code;
}

/** What Auth says about the address: the code to mail, or why there is nothing to send. */
async function codeFor(
  kind: AccountRequestKind,
  email: string,
  newEmail: string | null,
): Promise<{ state: AccountRequestState; oobCode: string | null }> {
  const auth = getAuth(adminApp());
  const user = await auth.getUserByEmail(email).catch((err: { code?: string }) => {
    if (err.code === 'auth/user-not-found') return null;
    throw err;
  });
  if (!user || user.disabled) return { state: 'no-account', oobCode: null };
  if (kind === 'email-verification' && user.emailVerified) return { state: 'already-verified', oobCode: null };
  if (kind === 'email-change') {
    if (!newEmail) return { state: 'no-account', oobCode: null };
    const link = await auth.generateVerifyAndChangeEmailLink(email, newEmail).catch((err: { code?: string }) => {
      if (err.code === 'auth/email-already-exists') return null;
      throw err;
    });
    return link ? { state: 'sent', oobCode: actionCode(link) } : { state: 'address-taken', oobCode: null };
  }
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
  const outcome = await codeFor(request.kind, request.email, request.newEmail);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.state !== 'queued' || !current.email || !current.ticket) return;
    let mailId: string | null = null;
    if (outcome.state === 'sent') {
      const ticket = current.ticket;
      if (current.kind === 'email-change' && current.newEmail) {
        // The link goes to the new address (proving it is theirs); the old one hears of the change.
        mailId = queueMail(tx, current.newEmail, { template: 'email-change', data: { ticket, newEmail: current.newEmail } });
        queueMail(tx, current.email, { template: 'email-change-notice', data: { newEmail: current.newEmail } });
      } else {
        const message: MailMessage =
          current.kind === 'password-reset'
            ? { template: 'password-reset', data: { ticket } }
            : { template: 'email-verification', data: { ticket } };
        mailId = queueMail(tx, current.email, message);
      }
    }
    tx.update(ref, {
      state: outcome.state,
      oobCode: outcome.oobCode,
      mailId,
      email: null,
      newEmail: null,
      ticket: null,
      handledAt: FieldValue.serverTimestamp(),
    });
  });
}
