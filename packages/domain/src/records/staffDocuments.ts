import type { TimestampLike } from '../common';

// Contact messages and the staff's trail.
// Part of the stored documents' shapes (documents.ts names the collections and re-exports every shape).

/** contactMessages/{id}: a message from the contact form, with how staff handled it. */
export interface ContactMessageDoc<T extends TimestampLike = TimestampLike> {
  fullName: string;
  email: string;
  mobile: string;
  courseInterest: string;
  message: string;
  handled: boolean;
  handledAt: T | null;
  handledBy: string | null;
  handledNote: string | null;
  createdAt: T;
  /** The reply is due by then: 24 hours on, or the grievance officer's days for a privacy request (contactReplyDueAt). */
  dueAt: T;
}

export const STAFF_ACTIONS = [
  'message-handled',
  'resend-payment-link',
  'resend-receipt',
  'refund-requested',
  'refund-failed',
  'staff-granted',
  'staff-revoked',
  'batch-created',
  'batch-updated',
  'batch-cancelled',
  'learner-moved',
  'course-switched',
  'instructor-granted',
  'instructor-revoked',
  'attendance-marked',
  'recording-added',
  'at-risk-noted',
  'session-rescheduled',
  'session-cancelled',
  'batch-completed',
  'batch-completion-finished',
  'certificate-issued',
  'certificate-withheld',
  'certificate-revoked',
  'account-deleted',
  'mentor-granted',
  'mentor-revoked',
  'mentoring-cancelled',
  'mentoring-no-show',
  'placement-moved',
  'advisor-assigned',
  'mentoring-returned',
  'extension-granted',
  'support-assigned',
  'support-replied',
  'support-closed',
  'support-reopened',
  'qa-hidden',
  'qa-restored',
  'organisation-created',
  'organisation-confirmed',
  'seat-order-priced',
  'transfer-recorded',
  'tds-recorded',
  'seats-cancelled',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = [
  'enrollment',
  'contactMessage',
  'user',
  'batch',
  'session',
  'certificate',
  'account',
  'booking',
  'placement',
  'assignment',
  'supportRequest',
  'qaPost',
  'organisation',
  'seatOrder',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** staffAudit/{id}: who did what to which record, written in the same transaction as the change. */
export interface StaffAuditDoc<T extends TimestampLike = TimestampLike> {
  action: StaffAction;
  targetKind: AuditTargetKind;
  targetId: string;
  actorUid: string;
  actorEmail: string;
  /** A note, a reason, a gateway id or error: what someone reading the trail later needs. */
  detail: string;
  at: T;
}
