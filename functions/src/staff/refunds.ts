import { refundSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { validateBody } from '../http/validate';
import { requestRefund } from '../payments/refund';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { refundSwitchTopUps } from '../switching/switchTopUpRefund';

/**
 * POST /api/staff/enrollments/{id}/refund: a full refund through the gateway, with the reason in the audit trail: the
 * payments of any switch to a dearer course first, then the purchase's own.
 */
export async function refundEnrollment(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { reason } = await validateBody(refundSchema, body, 'Please say why.');
  await refundSwitchTopUps(id, actor.email, reason);
  const { recordId, refundId } = await requestRefund(id, {
    by: actor.email,
    reason,
    record: (tx, event, detail) => writeAudit(tx, actor, event, { kind: 'enrollment', id }, detail),
  });
  return { ok: true, auditId: recordId, refundId };
}
