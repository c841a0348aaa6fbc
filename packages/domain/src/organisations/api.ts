import type { TaxBreakup, TaxDocumentSummary } from '../tax';
import type { OrganisationStatus, ReceiptKind, SeatOrderState } from './documents';
import type { OrganisationKind } from './organisations';
import type { OrderSeatState, SeatCounts, SeatSubject } from './seats';
import type { Settlement } from './quotes';

// The API's types for teams and campuses, declared once: the functions build them, the site and tests read them.

export interface OrganisationView {
  id: string;
  kind: OrganisationKind;
  legalName: string;
  address: string;
  state: string;
  stateName: string;
  gstin: string | null;
  domains: string[];
  status: OrganisationStatus;
  adminEmails: string[];
  /** A campus's join link, path only (`/join/{key}`); null for a team or before it is confirmed. */
  joinPath: string | null;
}

export interface SeatOrderView {
  id: string;
  /** "Q-3F9K2A7M": how the quote and the order are referred to. */
  reference: string;
  subject: SeatSubject;
  /** "25 seats: Pro plan". */
  description: string;
  batchId: string | null;
  seats: number;
  listSeatPrice: number;
  seatPrice: number;
  percentOff: number;
  tax: TaxBreakup;
  tdsAllowed: number;
  poNumber: string | null;
  state: SeatOrderState;
  validUntil: string;
  expired: boolean;
  receipts: { kind: ReceiptKind; reference: string; amount: number; date: string }[];
  tds: { amount: number; certificate: string | null } | null;
  settlement: Settlement;
  invoice: TaxDocumentSummary | null;
  creditNote: TaxDocumentSummary | null;
  cancelledSeats: number;
  counts: SeatCounts;
  lapsesAt: string | null;
  paidAt: string | null;
  createdAt: string;
}

/** One seat handed out, with its member's learning (never their mentoring, questions or support). */
export interface TeamSeatView {
  id: string;
  orderId: string;
  state: OrderSeatState;
  email: string | null;
  name: string | null;
  /** How it was handed out. */
  via: 'invitation' | 'code' | 'campus';
  code: string | null;
  codeExpiresAt: string | null;
  invitedAt: string | null;
  claimedAt: string | null;
  progress: MemberProgress | null;
}

export interface MemberProgress {
  /** Classes attended of those held so far, in the member's batches. */
  attended: number;
  held: number;
  lastAttendedAt: string | null;
  /** Graded assignments: how many passed, of those reviewed. */
  assignmentsPassed: number;
  assignmentsReviewed: number;
  certificates: { code: string; course: string }[];
}

/** GET /api/team: the organisations the caller administers. */
export interface TeamList {
  organisations: { id: string; legalName: string; kind: OrganisationKind }[];
}

/** GET /api/team/{org}: one organisation as its admin sees it. */
export interface TeamOverview {
  organisation: OrganisationView;
  orders: SeatOrderView[];
  seats: TeamSeatView[];
  /** Classes attended per week by the organisation's members, last 8 weeks (Monday, India). */
  weeks: { week: string; attended: number }[];
  /**
   * What a quote for places in a batch can name: the catalogue's courses, by slug and name, in catalogue order. Sent
   * with the overview so that /team need not load the whole catalogue (7.4 KB gzipped) for one list of names.
   */
  courses: { slug: string; name: string }[];
  now: string;
}

/**
 * POST /api/team/{org}/orders/{id}/invitations' refusal: each bad row under `fields` as "row {n}" (the row as a
 * spreadsheet numbers it), and nothing applied.
 */
export const rowField = (row: number) => `row ${row}`;

/** POST /api/team/{org}/orders/{id}/checkout: what Razorpay Checkout opens with. */
export interface SeatCheckout {
  keyId: string;
  gatewayOrderId: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
}

/** GET /api/seats/offer: what a claim would give, shown before the learner takes it. */
export interface SeatOffer {
  organisation: string;
  description: string;
  /** What the learner is told before claiming. */
  sharing: string;
}

/** POST /api/seats/claim's answer. */
export interface ClaimedSeat {
  enrollmentId: string;
  organisation: string;
  description: string;
}

/** The staff console's Organisations tab. */
export interface StaffOrganisations {
  organisations: (OrganisationView & {
    requestedBy: { email: string; name: string } | null;
    message: string | null;
    /** A request from the public page: when it was made and when its answer is due (one working day); else null. */
    askedAt: string | null;
    answerDueAt: string | null;
    /** Still waiting past its due time. */
    overdue: boolean;
    /** Confirmed by its due time; null while waiting, and for organisations staff created. */
    answeredOnTime: boolean | null;
  })[];
  /** Requests from the public page answered so far, and how many of them within the promise. */
  requestsAnswered: { answered: number; onTime: number };
  /** Orders without their seat counts (each order's are the sum of its lanes: its organisation's page shows them). */
  orders: (Omit<SeatOrderView, 'counts'> & {
    organisationId: string;
    organisationName: string;
    /** An order of 100 seats or more waiting for staff to price it: when that is due (one working day); else null. */
    priceDueAt: string | null;
    overdue: boolean;
  })[];
  /** B2B revenue (invoices to registered buyers, less credit notes) by month, paise. */
  b2bByMonth: { month: string; taxable: number; total: number }[];
  /** TDS deducted whose certificate has not arrived, paise. */
  tdsReceivable: number;
}

/** What a learner's seat says about them to their organisation, shown on claiming and in their export. */
export const PROGRESS_SHARING =
  'Your organisation will see your attendance, assignment results and certificates for this seat. It never sees your mentoring notes, your questions or your support requests.';
