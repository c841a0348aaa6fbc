import { FieldValue, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type { AuditTargetKind, StaffAction } from '@upskill/domain/records';
import { collection } from '../platform/collections';
import type { StaffActor } from '../http/staffAccess';

/**
 * Writes one audit entry (who, when, what) in the transaction that makes the change, so there is
 * never a change without its entry or an entry for a change that did not happen.
 */
export function writeAudit(
  tx: Transaction | WriteBatch,
  actor: StaffActor,
  action: StaffAction,
  target: { kind: AuditTargetKind; id: string },
  detail: string,
): string {
  const ref = collection('staffAudit').doc();
  // Transaction.create and WriteBatch.create share the signature; TypeScript cannot pick one overload on a union.
  (tx as WriteBatch).create(ref, {
    action,
    targetKind: target.kind,
    targetId: target.id,
    actorUid: actor.uid,
    actorEmail: actor.email,
    detail,
    at: FieldValue.serverTimestamp(),
  });
  return ref.id;
}
