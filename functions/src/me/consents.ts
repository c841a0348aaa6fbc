import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { consentId, type ConsentList } from '@upskill/domain/account';
import { consentIdValid, recordConsentSchema } from '@upskill/domain/forms';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { addressHash } from '../consents/addressHash';
import { isMinorAddress } from '../consents/minors';
import { consentView, consents, consentsAbout, giveConsent, withdrawConsent } from '../consents/store';
import { collection } from '../platform/collections';
import { trustedEmail } from '../http/identity';
import { runTransaction } from '../http/transaction';

/** The consents /account lists: the account's own, and those under its address once it is verified. */
export async function listConsents(account: DecodedIdToken): Promise<ConsentList> {
  const email = trustedEmail(account);
  const [found, minor] = await Promise.all([
    withDeadline(consentsAbout(account.uid, email ? sha256(email) : null)),
    email ? isMinorAddress(email) : Promise.resolve(false),
  ]);
  const list = [...found.entries()].map(([id, doc]) => consentView(id, doc)).sort((a, b) => b.givenAt.localeCompare(a.givenAt));
  return { consents: list, minor };
}

/**
 * POST /api/me/consents {kind: "account-terms"}: the terms agreed to at registration (or at a sign-in
 * that says so). Recorded once; agreeing again keeps the first record.
 */
export async function recordAccountTerms(req: HttpRequest, account: DecodedIdToken, nowMs: number): Promise<ConsentList> {
  await validateBody(recordConsentSchema, readJsonObject(req), 'Say which consent.');
  const ref = consents().doc(consentId.accountTerms(account.uid));
  const from = addressHash(req);
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      if (current?.state === 'given') return;
      giveConsent(tx, ref, {
        kind: 'account-terms',
        uid: account.uid,
        subjectHash: sha256((account.email ?? account.uid).toLowerCase()),
        from,
        at: nowMs,
      });
    }),
  );
  return listConsents(account);
}

/**
 * POST /api/me/consents/{id}/withdraw: one click. The newsletter's subscription ends with its consent;
 * the account terms end only by deleting the account, and a guardian's consent is the guardian's to
 * withdraw (from their mail), so neither is withdrawn here.
 */
export async function withdrawOwnConsent(req: HttpRequest, account: DecodedIdToken, rawId: string, nowMs: number): Promise<ConsentList> {
  if (req.rawBody?.length) readJsonObject(req);
  const notYours = () => new HttpError('not-found', 'No such consent.');
  if (!consentIdValid(rawId)) throw notYours();
  const email = trustedEmail(account);
  const ref = consents().doc(rawId);
  const from = addressHash(req);
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      const own = current && (current.uid === account.uid || (email !== undefined && current.subjectHash === sha256(email)));
      if (!current || !own) throw notYours();
      if (current.kind === 'account-terms')
        throw new HttpError('failed-precondition', 'The account terms end with the account: delete your account to withdraw them.');
      if (current.kind === 'guardian')
        throw new HttpError('failed-precondition', 'Only your parent or guardian can withdraw their consent, from the link in their mail.');
      const subscription = collection('newsletterSubscriptions').doc(current.subjectHash);
      const sub = (await tx.get(subscription)).data();
      if (sub && sub.status !== 'unsubscribed')
        tx.update(subscription, { status: 'unsubscribed', unsubscribedAt: Timestamp.fromMillis(nowMs) });
      withdrawConsent(tx, ref, current, from, nowMs);
    }),
  );
  return listConsents(account);
}
