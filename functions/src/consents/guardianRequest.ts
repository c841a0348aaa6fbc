/** Asking a minor's guardian: the consent link and its mail, written with the enrollment; and the check checkout makes. */
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { GUARDIAN_LINK_DAYS, GUARDIAN_MESSAGES } from '@upskill/domain/account';
import type { StoredGuardian } from '@upskill/domain/records';
import { HttpError } from '../http/errors';
import { sha256 } from '../http/request';
import { queueMail } from '../mail/outbox';
import type { Stored } from '../platform/collections';
import type { Writer } from '../platform/writer';

type EnrollmentDoc = Stored<'enrollments'>;

/** A fresh one-use link: the token for the mail, its hash (and expiry) for the enrollment. */
export function freshLink(nowMs: number) {
  const token = randomBytes(32).toString('hex');
  return {
    token,
    tokenHash: sha256(token),
    requestedAt: Timestamp.fromMillis(nowMs),
    expiresAt: Timestamp.fromMillis(nowMs + GUARDIAN_LINK_DAYS * 86_400_000),
  };
}

/** The guardian fields of a new minor's enrollment, and its consent mail, queued in the same write. */
export function askGuardian(
  writer: Writer,
  enrollmentId: string,
  learner: { name: string; planName: string; price: number },
  guardian: { name: string; email: string },
  nowMs: number,
): StoredGuardian<Timestamp> {
  const link = freshLink(nowMs);
  queueMail(writer, guardian.email, {
    template: 'guardian-consent',
    data: {
      enrollmentId,
      learnerName: learner.name,
      guardianName: guardian.name,
      offerName: learner.planName,
      price: learner.price,
      token: link.token,
      expiresAt: link.expiresAt.toDate().toISOString(),
    },
  });
  return {
    name: guardian.name,
    email: guardian.email,
    state: 'pending',
    tokenHash: link.tokenHash,
    requestedAt: link.requestedAt,
    expiresAt: link.expiresAt,
    decidedAt: null,
  };
}

/** Whether checkout may open: an adult's enrollment, an older one made before the question, or a guardian who said yes. */
export function assertGuardianConsent(doc: EnrollmentDoc): void {
  if (doc.ageDeclaration !== 'minor') return;
  const state = doc.guardian?.state ?? 'pending';
  if (state === 'given') return;
  throw new HttpError('permission-denied', state === 'pending' ? GUARDIAN_MESSAGES.checkoutClosed : GUARDIAN_MESSAGES.refused, {
    guardian: state,
  });
}
