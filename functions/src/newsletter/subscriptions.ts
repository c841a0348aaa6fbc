import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { newsletterSchema } from '@upskill/domain/forms';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { collection } from '../platform/collections';
import { linkTokenValid, type LinkAction } from '../mail/newsletterLinks';
import { consentId } from '@upskill/domain/account';
import { addressHash } from '../consents/addressHash';
import { isMinorAddress } from '../consents/minors';
import { consents, giveConsent, withdrawConsent } from '../consents/store';
import { runTransaction } from '../http/transaction';

/** newsletterSubscriptions/{sha256 of the address}: one document per address, whatever happens to it. */
const subscriptions = () => collection('newsletterSubscriptions');

/** A pending address gets at most one confirmation mail per this interval, so the form cannot flood an inbox. */
const RESEND_AFTER_MS = 10 * 60_000;
const CONFIRM_LINK_DAYS = 7;

/** Where a link from a mail lands: a page of the site that says what happened. */

/**
 * /api/newsletter: POST signs up (double opt-in: a pending subscription and a confirmation mail);
 * /confirm and /unsubscribe are the links in that mail and in every newsletter.
 */
export async function signUp(req: HttpRequest): Promise<void> {
  const body = readJsonObject(req);
  const input = await validateBody(newsletterSchema, body, 'Please enter a valid email');
  await enforceRateLimit('newsletter', req);
  // A filled honeypot is a bot: the same answer, nothing stored, nothing sent.
  if (input.website && input.website.trim() !== '') return;

  const email = input.email.trim().toLowerCase();
  // No marketing to anyone who told us they are under 18: the same answer, nothing stored, nothing sent.
  if (await isMinorAddress(email)) return;
  const ref = subscriptions().doc(sha256(email));
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      if (current?.status === 'confirmed') return; // already on the list: nothing to do, nothing to reveal
      const recent = current?.status === 'pending' && Date.now() - current.requestedAt.toMillis() < RESEND_AFTER_MS;
      if (recent) return;
      const nonce = current?.status === 'pending' ? current.nonce : randomBytes(16).toString('hex');
      tx.set(ref, {
        email,
        status: 'pending',
        nonce,
        requestedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
        confirmedAt: null,
        unsubscribedAt: current?.unsubscribedAt ?? null,
      });
      queueMail(tx, email, { template: 'newsletter-confirm', data: { subscriptionId: ref.id, nonce } });
    }),
  );
}

/** Applies a confirm or unsubscribe link; false when the link is not (or no longer) valid. */
export async function followLink(req: HttpRequest, action: LinkAction): Promise<boolean> {
  const id = typeof req.query.s === 'string' ? req.query.s : '';
  const token = typeof req.query.t === 'string' ? req.query.t : '';
  if (!/^[a-f0-9]{64}$/.test(id) || !/^[a-f0-9]{64}$/.test(token)) return false;
  await enforceRateLimit('newsletter', req);
  const ref = subscriptions().doc(id);
  const consentRef = consents().doc(consentId.newsletter(id));
  const from = addressHash(req);
  const minor =
    action === 'confirm' ? await withDeadline(ref.get()).then((s) => (s.exists ? isMinorAddress(s.data()?.email ?? '') : false)) : false;
  return withDeadline(
    runTransaction(async (tx) => {
      const [current, consent] = await Promise.all([tx.get(ref).then((s) => s.data()), tx.get(consentRef).then((s) => s.data())]);
      if (!current || !linkTokenValid(action, id, current.nonce, token)) return false;
      const now = Date.now();
      if (action === 'unsubscribe') {
        if (current.status !== 'unsubscribed') tx.update(ref, { status: 'unsubscribed', unsubscribedAt: FieldValue.serverTimestamp() });
        withdrawConsent(tx, consentRef, consent, from, now);
        return true;
      }
      if (current.status === 'confirmed') return true;
      const fresh = now - current.requestedAt.toMillis() < CONFIRM_LINK_DAYS * 86_400_000;
      if (current.status !== 'pending' || !fresh || minor) return false;
      tx.update(ref, { status: 'confirmed', confirmedAt: FieldValue.serverTimestamp() });
      // The consent record: what for, when, and from where (a keyed hash of the address).
      giveConsent(tx, consentRef, { kind: 'newsletter', uid: null, subjectHash: id, from, at: now });
      return true;
    }),
  );
}
