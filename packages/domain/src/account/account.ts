/**
 * Account mail (password reset, e-mail verification) and the page its links open. Firebase's own reset
 * codes last an hour; our links last as long, and the server enforces it (the Auth emulator does not).
 */
export const ACCOUNT_LINK_MINUTES = 60;
/** One address gets at most one mail of each kind per this interval, however often the form is sent. */
export const ACCOUNT_MAIL_COOLDOWN_SECONDS = 60;

/** What the link carries: 32 random bytes, hex. */
export const ACCOUNT_TICKET_PATTERN = /^[a-f0-9]{64}$/;

/**
 * The answer to a reset or verification request: always the same, whether or not the address has an
 * account (or is verified already), so the form cannot be used to learn who has one.
 */
export interface AccountMailAnswer {
  status: 'check-inbox';
}

/** What the action page does with the code: the client SDK's reset or apply. */
export type AccountActionMode = 'resetPassword' | 'verifyEmail' | 'verifyAndChangeEmail';

/** The answer to POST /api/account/action: a fresh link's action code. */
export interface AccountActionAnswer {
  mode: AccountActionMode;
  oobCode: string;
}

/** Exporting or deleting one's data needs a sign-in this recent (the ID token's auth_time). */
export const RECENT_SIGN_IN_MINUTES = 5;

/** Any stored value as JSON: timestamps become ISO strings. */
export type ExportedValue = string | number | boolean | null | ExportedValue[] | { [key: string]: ExportedValue };
export type ExportedRecord = { id: string } & { [key: string]: ExportedValue };

/**
 * GET /api/me/export: everything we hold about the signed-in learner, as one JSON file. Records keyed by
 * e-mail are included only for a verified address (an unverified one may be someone else's).
 */
export interface DataExport {
  exportedAt: string;
  about: string;
  account: {
    uid: string;
    email: string | null;
    emailVerified: boolean;
    displayName: string | null;
    signInMethods: string[];
    createdAt: string | null;
    lastSignInAt: string | null;
  };
  enrollments: ExportedRecord[];
  payments: ExportedRecord[];
  /** Tax invoices and credit notes. */
  taxDocuments: ExportedRecord[];
  certificates: ExportedRecord[];
  attendance: ExportedRecord[];
  waitlist: ExportedRecord[];
  /** Each mail we sent them: its kind, subject, state and times. */
  mail: ExportedRecord[];
  contactMessages: ExportedRecord[];
  newsletter: ExportedRecord | null;
  /** Each consent: its purpose, when it was given (and withdrawn), and the keyed hash of where from. */
  consents: ExportedRecord[];
  calendarFeeds: ExportedRecord[];
  accountRequests: ExportedRecord[];
  /** Support requests, each with its whole conversation. */
  supportRequests: ExportedRecord[];
  /** Questions and answers posted in the Q&A forum, as written (Markdown) and as shown. */
  qaPosts: ExportedRecord[];
  /** Starter lessons marked done, per programme. */
  starterProgress: ExportedRecord[];
  /** Seats an organisation (a team or a campus) gave this account; the enrollment it made names the organisation. */
  organisationSeats: ExportedRecord[];
  /** Resume and LinkedIn reviews: every version sent, and each review once released. */
  careerReviews: ExportedRecord[];
  /** The job-search tracker's applications. */
  jobApplications: ExportedRecord[];
  /** Nudges for falling behind in a batch, with the instructor's note. */
  nudges: ExportedRecord[];
  /** Their referral code, the credits friends earned them, and any credit their own purchase earned a friend. */
  referralCodes: ExportedRecord[];
  referralCredits: ExportedRecord[];
  /** Mentor calls and mock interviews (notes and scorecards included, not the meeting room), allowances, placement requests. */
  mentorBookings: ExportedRecord[];
  mentoringLedgers: ExportedRecord[];
  placementRequests: ExportedRecord[];
  /** Graded work: each assignment's state and extensions, and every attempt with its released review. */
  assignmentWork: ExportedRecord[];
  submissions: ExportedRecord[];
  /** What staff did to their records. */
  staffAudit: ExportedRecord[];
}

/** What a learner types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';
/** The name a deleted learner's kept records carry (docs/decisions/0019). */
export const DELETED_LEARNER_NAME = 'Deleted learner';
/** The address a deleted learner's kept records carry: unique per account, never deliverable (RFC 2606). */
export const deletedAddress = (pseudonym: string) => `deleted-${pseudonym}@erased.invalid`;
/** A checkout started this recently may still be paid: deletion waits for it (409). */
export const OPEN_ORDER_MINUTES = 30;

/** The answer to DELETE /api/me. */
export interface AccountDeleted {
  status: 'deleted';
  /** Paid enrollments kept, pseudonymised, for the tax records. */
  kept: number;
  /** Records erased: unpaid enrollments, messages, mails, newsletter, certificates, waitlist places, links. */
  erased: number;
}

/** The answer to POST /api/me/email: the link went to the new address; nothing changes until it is opened. */
export interface EmailChangeAnswer {
  status: 'check-new-inbox';
}
