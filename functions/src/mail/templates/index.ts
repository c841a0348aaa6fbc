import type { MailMessage, MailTemplate } from '../outbox';
import type { MailLinks, RenderedMail } from './layout';
import { enrollmentCreated } from './enrollment-created';
import { paymentReceived } from './payment-received';
import { trialStarted } from './trial-started';
import { subscriptionPaymentFailed } from './subscription-payment-failed';
import { subscriptionCancelled } from './subscription-cancelled';
import { creditSpent } from './credit-spent';
import { creditNoteIssued } from './credit-note-issued';
import { contactAck } from './contact-ack';
import { recordingMissing } from './recording-missing';
import { nudge } from './nudge';
import { referralCredit } from './referral-credit';
import { courseSwitched } from './course-switched';
import { contactStaff } from './contact-staff';
import { newsletterConfirm } from './newsletter-confirm';
import { passwordReset } from './password-reset';
import { emailVerification } from './email-verification';
import { emailChange } from './email-change';
import { emailChangeNotice } from './email-change-notice';
import { accountDeleted } from './account-deleted';
import { guardianConsent } from './guardian-consent';
import { guardianConsentGiven } from './guardian-consent-given';
import { guardianAnswered } from './guardian-answered';
import { seatLost } from './seat-lost';
import { waitlistOffer } from './waitlist-offer';
import { batchMoved } from './batch-moved';
import { batchStarting } from './batch-starting';
import { sessionReminder } from './session-reminder';
import { certificateIssued } from './certificate-issued';
import { sessionChanged } from './session-changed';
import { mentoringBooked } from './mentoring-booked';
import { assignmentReceived } from './assignment-received';
import { assignmentReviewed } from './assignment-reviewed';
import { supportReceived } from './support-received';
import { teamAdmin } from './team-admin';
import { seatInvitation } from './seat-invitation';
import { careerReceived } from './career-received';
import { careerReviewed } from './career-reviewed';
import { teamSeats } from './team-seats';
import { supportReply } from './support-reply';
import { qaAnswer } from './qa-answer';
import { mentoringReminder } from './mentoring-reminder';
import { mentoringCancelled } from './mentoring-cancelled';

export type { MailLinks, RenderedMail } from './layout';

type Renderer<K extends MailTemplate> = (message: Extract<MailMessage, { template: K }>, links: MailLinks) => RenderedMail;

/** Each kind of mail the product sends, rendered by its own module (mail/templates/{kind}.ts). */
const TEMPLATES: { [K in MailTemplate]: Renderer<K> } = {
  'enrollment-created': enrollmentCreated,
  'payment-received': paymentReceived,
  'trial-started': trialStarted,
  'subscription-payment-failed': subscriptionPaymentFailed,
  'subscription-cancelled': subscriptionCancelled,
  'credit-spent': creditSpent,
  'credit-note-issued': creditNoteIssued,
  'contact-ack': contactAck,
  'contact-staff': contactStaff,
  'newsletter-confirm': newsletterConfirm,
  'password-reset': passwordReset,
  'email-verification': emailVerification,
  'email-change': emailChange,
  'email-change-notice': emailChangeNotice,
  'account-deleted': accountDeleted,
  'guardian-consent': guardianConsent,
  'guardian-consent-given': guardianConsentGiven,
  'guardian-answered': guardianAnswered,
  'seat-lost': seatLost,
  'waitlist-offer': waitlistOffer,
  'batch-moved': batchMoved,
  'batch-starting': batchStarting,
  'session-reminder': sessionReminder,
  'recording-missing': recordingMissing,
  nudge,
  'referral-credit': referralCredit,
  'course-switched': courseSwitched,
  'certificate-issued': certificateIssued,
  'session-changed': sessionChanged,
  'mentoring-booked': mentoringBooked,
  'mentoring-reminder': mentoringReminder,
  'mentoring-cancelled': mentoringCancelled,
  'assignment-received': assignmentReceived,
  'assignment-reviewed': assignmentReviewed,
  'support-received': supportReceived,
  'support-reply': supportReply,
  'qa-answer': qaAnswer,
  'team-admin': teamAdmin,
  'seat-invitation': seatInvitation,
  'career-received': careerReceived,
  'career-reviewed': careerReviewed,
  'team-seats': teamSeats,
};

/** A queued message as the mail it becomes: its subject, a plain-text body and simple, accessible HTML. */
export function renderMail(message: MailMessage, links: MailLinks): RenderedMail {
  return (TEMPLATES[message.template] as Renderer<MailTemplate>)(message, links);
}
