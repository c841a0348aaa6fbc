import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { STAFF_COLLECTIONS, type StaffAction, type StaffAuditEntry } from '../domain/staff';
import { db } from '../platform/database';
import type { StaffActor } from './access';

/**
 * Writes one audit entry (who, when, what) in the transaction that makes the change, so there is
 * never a change without its entry or an entry for a change that did not happen.
 */
export function writeAudit(
  tx: Transaction, actor: StaffActor, action: StaffAction, target: { kind: StaffAuditEntry['targetKind']; id: string }, detail: string,
): string {
  const ref = db().collection(STAFF_COLLECTIONS.audit).doc();
  tx.create(ref, {
    action, targetKind: target.kind, targetId: target.id, actorUid: actor.uid, actorEmail: actor.email, detail, at: FieldValue.serverTimestamp(),
  });
  return ref.id;
}
