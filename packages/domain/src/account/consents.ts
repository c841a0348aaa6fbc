/**
 * Consents (DPDP Act 2023 s.6; docs/decisions/0020): what a learner (or a minor's guardian) agreed to,
 * for what purpose, when, and a keyed hash of the network address it came from. Withdrawing is one
 * click wherever giving was.
 */

/** The enrollment form's declaration. */
export const AGE_DECLARATIONS = ['adult', 'minor'] as const;
export type AgeDeclaration = (typeof AGE_DECLARATIONS)[number];
export const AGE_LABELS: Record<AgeDeclaration, string> = {
  adult: 'I am 18 or older',
  minor: 'I am under 18',
};

export const CONSENT_KINDS = ['account-terms', 'newsletter', 'guardian'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What each consent is for, in the words the learner and the guardian read. */
export const CONSENT_PURPOSES: Record<ConsentKind, string> = {
  'account-terms':
    'To run your Upskill account: sign-in, My Courses, your enrollments, payments, classes and the mail about them, under the Terms of Service and the Privacy Notice.',
  newsletter: 'To send you our newsletter: new courses, batches and offers, at most once a week.',
  guardian:
    'A parent or guardian lets a learner under 18 enroll: we use the learner’s name, college, e-mail and phone to run the course they enroll in, and never for marketing or tracking.',
};

export const CONSENT_TITLES: Record<ConsentKind, string> = {
  'account-terms': 'Account terms',
  newsletter: 'Newsletter',
  guardian: 'Parent or guardian consent',
};

export const CONSENT_STATES = ['given', 'withdrawn'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** Consent ids: one record per account, per newsletter address, per minor's enrollment. */
export const consentId = {
  accountTerms: (uid: string) => `account-terms-${uid}`,
  newsletter: (subscriptionId: string) => `newsletter-${subscriptionId}`,
  guardian: (enrollmentId: string) => `guardian-${enrollmentId}`,
};
export const CONSENT_ID_PATTERN = /^(account-terms|newsletter|guardian)-[A-Za-z0-9]{1,128}$/;

/** A consent as the learner (/account) and staff (console) see it: never the address it came from. */
export interface ConsentView {
  id: string;
  kind: ConsentKind;
  title: string;
  purpose: string;
  state: ConsentState;
  givenAt: string;
  withdrawnAt: string | null;
  /** Who gave it, when not the learner: the guardian's name. */
  givenBy: string | null;
  /** What it is about, for a guardian's consent: the enrollment's plan or course. */
  about: string | null;
  /** Whether /account withdraws it with one click (account terms are withdrawn by deleting the account). */
  withdrawable: boolean;
}

/** GET /api/me/consents. */
export interface ConsentList {
  consents: ConsentView[];
  /** Whether the learner declared themselves under 18 on any enrollment: no newsletter is offered. */
  minor: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Guardians.

/** The guardian's link lasts this long; a new enrollment (or "Send again") mails a fresh one. */
export const GUARDIAN_LINK_DAYS = 7;
/** What the guardian's link carries: 32 random bytes, hex. */
export const GUARDIAN_TOKEN_PATTERN = /^[a-f0-9]{64}$/;
/** "Send again" from the payment page waits this long between mails. */
export const GUARDIAN_RESEND_MINUTES = 10;

export const GUARDIAN_STATES = ['pending', 'given', 'refused', 'withdrawn'] as const;
export type GuardianState = (typeof GUARDIAN_STATES)[number];

/** A minor's enrollment as its learner sees it: whom we asked, and what they said. */
export interface GuardianSummary {
  name: string;
  /** Masked (m•••@example.com): the record may be read by anyone holding its edit token. */
  email: string;
  state: GuardianState;
  /** When the last mail went out (ISO), for "Send again". */
  requestedAt: string | null;
}

/** GET /api/account/guardian/{enrollmentId}?t=…: what the guardian is asked to agree to. */
export interface GuardianRequestView {
  learnerName: string;
  guardianName: string;
  offerName: string;
  price: number;
  purpose: string;
  state: GuardianState;
  /** ISO: the link's expiry. */
  expiresAt: string;
}

export const GUARDIAN_DECISIONS = ['give', 'refuse', 'withdraw'] as const;
export type GuardianDecision = (typeof GUARDIAN_DECISIONS)[number];

/** POST /api/account/guardian/{enrollmentId}. */
export interface GuardianDecisionAnswer {
  state: GuardianState;
}

/** m•••@example.com: enough for the learner to recognise whom we mailed. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export const GUARDIAN_MESSAGES = {
  required: 'Please tell us whether you are 18 or older',
  nameRequired: 'Please enter your parent’s or guardian’s name',
  emailRequired: 'Please enter your parent’s or guardian’s e-mail',
  emailSame: 'Please enter your parent’s or guardian’s own e-mail, not yours',
  checkoutClosed: 'Payment opens once your parent or guardian has given consent. We have mailed them a link.',
  refused: 'Your parent or guardian did not give consent, so this enrollment cannot be paid.',
  fixed: 'The age declaration and guardian of an enrollment cannot be changed. Start a new enrollment instead.',
  linkInvalid: 'This consent link is not valid. Please ask the learner to send a new one from their payment page.',
  linkUsed: 'This consent link has already been used.',
  linkExpired: 'This consent link has expired. Please ask the learner to send a new one from their payment page.',
} as const;
