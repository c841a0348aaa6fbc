import { FieldValue } from 'firebase-admin/firestore';
import type { AuditTargetKind, StaffAction } from '@upskill/domain/records';
import { collection } from '../platform/collections';
import type { StaffActor } from '../http/staffAccess';
import { createDoc, type Writer } from '../platform/writer';

/**
 * Writes one audit entry (who, when, what) in the transaction that makes the change, so there is
 * never a change without its entry or an entry for a change that did not happen.
 */
export function writeAudit(
  tx: Writer,
  actor: StaffActor,
  action: StaffAction,
  target: { kind: AuditTargetKind; id: string },
  detail: string,
): string {
  const ref = collection('staffAudit').doc();
  createDoc(tx, ref, {
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
