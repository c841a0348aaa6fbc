import { timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import {
  GUARDIAN_MESSAGES,
  GUARDIAN_RESEND_MINUTES,
  GUARDIAN_TOKEN_PATTERN,
  consentId,
  type GuardianDecisionAnswer,
  type GuardianRequestView,
  type GuardianState,
  type GuardianSummary,
  CONSENT_PURPOSES,
} from '@upskill/domain/account';
import type { StoredGuardian } from '@upskill/domain/records';
import { guardianDecisionSchema } from '@upskill/domain/forms';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { requestNow } from '../http/clock';
import { readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, enrollments, guardianSummary, type EnrollmentDoc } from '../enrollment/store';
import { queueMail } from '../mail/outbox';
import { orders } from '../payments/store';
import { addressHash } from '../consents/addressHash';
import { askGuardian, freshLink } from '../consents/guardianRequest';
import { consents, giveConsent, withdrawConsent } from '../consents/store';
import { runTransaction } from '../http/transaction';

/** A guardian's link: what they are asked, their decision (give, refuse, withdraw), and the learner's "Send the mail again". */

const invalid = () => new HttpError('not-found', GUARDIAN_MESSAGES.linkInvalid);

function tokenMatches(stored: string | null, token: string): boolean {
  if (!stored || !GUARDIAN_TOKEN_PATTERN.test(token)) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(sha256(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The enrollment a guardian's link names, if its token is the current one. A consent link works while
 * pending and fresh; the link in the "consent recorded" mail (state given) withdraws, and never expires.
 */
function linkedGuardian(doc: EnrollmentDoc | undefined, token: string, nowMs: number): StoredGuardian<Timestamp> {
  const g = doc?.guardian as StoredGuardian<Timestamp> | null | undefined;
  if (!doc || !g || !tokenMatches(g.tokenHash, token)) throw invalid();
  if (g.state === 'pending' && g.expiresAt.toMillis() <= nowMs) throw new HttpError('gone', GUARDIAN_MESSAGES.linkExpired);
  return g;
}

const enrollmentId = (raw: string) => {
  if (!/^[A-Za-z0-9]{1,64}$/.test(raw)) throw invalid();
  return raw;
};

/** GET /api/account/guardian/{id}?t=…: what the guardian is asked to agree to. */
export async function readGuardianRequest(req: HttpRequest, rawId: string): Promise<GuardianRequestView> {
  const id = enrollmentId(rawId);
  const token = typeof req.query.t === 'string' ? req.query.t : '';
  if (!GUARDIAN_TOKEN_PATTERN.test(token)) throw invalid();
  await enforceRateLimit('guardian', req);
  const doc = (await withDeadline(enrollments().doc(id).get())).data();
  const g = linkedGuardian(doc, token, requestNow(req));
  return {
    learnerName: doc?.name ?? '',
    guardianName: g.name,
    offerName: doc?.planName ?? '',
    price: doc?.price ?? 0,
    purpose: CONSENT_PURPOSES.guardian,
    state: g.state,
    expiresAt: g.expiresAt.toDate().toISOString(),
  };
}

/**
 * POST /api/account/guardian/{id} {token, decision}: give or refuse (a pending link, once), or withdraw
 * (the link from the "consent recorded" mail). The enrollment, the consent record and the mails change
 * together. A used link is refused: giving consent replaces it with the withdrawal link.
 */
export async function decideGuardian(req: HttpRequest, rawId: string): Promise<GuardianDecisionAnswer> {
  const id = enrollmentId(rawId);
  const input = await validateBody(guardianDecisionSchema, readJsonObject(req), GUARDIAN_MESSAGES.linkInvalid);
  await enforceRateLimit('guardian', req);
  const nowMs = requestNow(req);
  const from = addressHash(req);
  const ref = enrollments().doc(id);
  const consentRef = consents().doc(consentId.guardian(id));
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      const g = linkedGuardian(doc, input.token, nowMs);
      const current = (await tx.get(consentRef)).data();
      if (!doc) throw invalid();
      const wanted: Record<typeof input.decision, GuardianState[]> = { give: ['pending'], refuse: ['pending'], withdraw: ['given'] };
      if (!wanted[input.decision as 'give' | 'refuse' | 'withdraw'].includes(g.state)) throw invalid();

      const at = Timestamp.fromMillis(nowMs);
      let state: GuardianState;
      let tokenHash: string | null = null;
      if (input.decision === 'give') {
        state = 'given';
        const link = freshLink(nowMs);
        tokenHash = link.tokenHash;
        giveConsent(tx, consentRef, {
          kind: 'guardian',
          uid: doc.uid,
          subjectHash: sha256(doc.email),
          from,
          at: nowMs,
          givenBy: g.name,
          enrollmentId: id,
          about: doc.planName,
        });
        queueMail(tx, g.email, {
          template: 'guardian-consent-given',
          data: { enrollmentId: id, learnerName: doc.name, guardianName: g.name, offerName: doc.planName, token: link.token },
        });
      } else if (input.decision === 'refuse') {
        state = 'refused';
      } else {
        state = 'withdrawn';
        withdrawConsent(tx, consentRef, current, from, nowMs);
      }
      const update: Record<string, unknown> = {
        'guardian.state': state,
        'guardian.tokenHash': tokenHash,
        'guardian.decidedAt': at,
        updatedAt: at,
      };
      // An order opened while consent stood is for a payment that may no longer happen.
      if (state !== 'given' && doc.order) {
        tx.update(orders().doc(doc.order.id), { voided: true });
        update.order = null;
      }
      tx.update(ref, update);
      queueMail(tx, doc.email, {
        template: 'guardian-answered',
        data: { enrollmentId: id, name: doc.name, guardianName: g.name, offerName: doc.planName, state },
      });
      return { state };
    }),
  );
}

/**
 * POST /api/enroll/{id}/guardian: the learner asks for the consent mail again (edit token or owner),
 * with a new link (the old one stops working), at most once per GUARDIAN_RESEND_MINUTES.
 */
export async function resendGuardianMail(req: HttpRequest, id: string): Promise<GuardianSummary> {
  const caller = await enrollmentCaller(req, 'Asking for consent for');
  await enforceRateLimit('guardian', req, caller.account?.uid);
  const nowMs = requestNow(req);
  const ref = enrollments().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw enrollmentNotFound();
      assertAccess(caller, doc, 'ask for consent for');
      const g = doc.guardian as StoredGuardian<Timestamp> | null | undefined;
      if (!g || doc.ageDeclaration !== 'minor')
        throw new HttpError('failed-precondition', 'This enrollment does not need a guardian’s consent.');
      if (g.state !== 'pending')
        throw new HttpError(
          'failed-precondition',
          g.state === 'given' ? 'Your guardian has already given consent.' : GUARDIAN_MESSAGES.refused,
        );
      if (doc.status !== 'pending_payment') throw new HttpError('failed-precondition', 'This enrollment can no longer be paid.');
      if (nowMs - g.requestedAt.toMillis() < GUARDIAN_RESEND_MINUTES * 60_000) {
        throw new HttpError(
          'resource-exhausted',
          `We mailed your guardian less than ${GUARDIAN_RESEND_MINUTES} minutes ago. Please ask them to check their inbox and spam folder.`,
        );
      }
      const fresh = askGuardian(
        tx,
        id,
        { name: doc.name, planName: doc.planName, price: doc.price },
        { name: g.name, email: g.email },
        nowMs,
      );
      tx.update(ref, { guardian: fresh, updatedAt: Timestamp.fromMillis(nowMs) });
      return guardianSummary({ ...doc, guardian: fresh } as EnrollmentDoc) as GuardianSummary;
    }),
  );
}
