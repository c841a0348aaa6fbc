import type { TimestampLike } from '../common';
import type { TaxBreakup, TaxDocumentSummary } from '../tax';
import type { OrganisationKind } from './organisations';
import type { OrderSeatState, SeatSubject } from './seats';

// The stored shapes of teams and campuses (issue 56; docs/decisions/0032). Written only by the functions; no
// browser reads them directly.

export const ORGANISATION_STATUSES = ['requested', 'confirmed'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** organisations/{id}: a team or a campus, its billing details and its admins. */
export interface OrganisationDoc<T extends TimestampLike = TimestampLike> {
  kind: OrganisationKind;
  legalName: string;
  address: string;
  /** The billing address's GST state code. */
  state: string;
  gstin: string | null;
  /** A campus's student e-mail domains. */
  domains: string[];
  /** Requested from the public page until staff confirm it; created by staff, confirmed at once. */
  status: OrganisationStatus;
  /** The admins' addresses, lower case: an admin is a signed-in account with one of these, verified. */
  adminEmails: string[];
  /** Who asked for it on the public page, and what they wrote; null when staff created it. */
  requestedBy: { uid: string; email: string; name: string } | null;
  message: string | null;
  /** A campus's join link key (`/join/{key}`): shared on the campus, so stored as it is; null for a team. */
  joinKey: string | null;
  createdAt: T;
  confirmedAt: T | null;
  updatedAt: T;
}

export const SEAT_ORDER_STATES = ['awaiting-price', 'quoted', 'paid', 'cancelled'] as const;
export type SeatOrderState = (typeof SEAT_ORDER_STATES)[number];

export const RECEIPT_KINDS = ['razorpay', 'transfer'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** Money received against an order: a Razorpay payment, or a bank transfer staff recorded with its UTR. */
export interface StoredReceipt<T extends TimestampLike = TimestampLike> {
  kind: ReceiptKind;
  /** The Razorpay payment id, or the transfer's UTR. */
  reference: string;
  /** Paise. */
  amount: number;
  /** The day the money arrived (India), YYYY-MM-DD. */
  date: string;
  recordedAt: T;
  /** The staff member who recorded a transfer; null for Razorpay. */
  recordedBy: string | null;
}

/** TDS the buyer deducted (s.194J): receivable from the tax department until its certificate (Form 16A) arrives. */
export interface StoredTds<T extends TimestampLike = TimestampLike> {
  /** Paise. */
  amount: number;
  recordedAt: T;
  recordedBy: string;
  certificate: string | null;
  certificateAt: T | null;
}

/** seatOrders/{id}: a quote, and once paid, the order: its figures are the server's, fixed when quoted. */
export interface SeatOrderDoc<T extends TimestampLike = TimestampLike> {
  organisationId: string;
  /** The legal name when quoted (printed on the quote). */
  organisationName: string;
  subject: SeatSubject;
  /** A course seat's batch, and how it reads. */
  batchId: string | null;
  batchLabel: string | null;
  seats: number;
  /** Paise, GST included: one seat at list price and as sold. */
  listSeatPrice: number;
  seatPrice: number;
  percentOff: number;
  supply: 'intra-state' | 'inter-state';
  tax: TaxBreakup;
  /** The TDS the buyer may deduct (10% of the taxable value). */
  tdsAllowed: number;
  poNumber: string | null;
  state: SeatOrderState;
  validUntil: T;
  /** The open Razorpay order for paying it online. */
  gatewayOrder: { id: string; amount: number } | null;
  receipts: StoredReceipt<T>[];
  tds: StoredTds<T> | null;
  invoice: TaxDocumentSummary | null;
  /** Unclaimed seats cancelled before they start, and their credit note. */
  cancelledSeats: number;
  creditNote: TaxDocumentSummary | null;
  /**
   * How many lanes hold its seats (seatLanes/{id}_{k}, lanes.ts): set when it is paid, 0 before. The counts of its
   * seats by state are the sum of its lanes', so a claim writes a lane, never this document.
   */
  lanes: number;
  /** The claim milestones (75, 100) already mailed to admins, and whether the lapse warning went. */
  milestonesMailed: number[];
  lapseWarned: boolean;
  /** When unclaimed seats lapse: the batch's start, or 12 months after payment; set when paid. */
  lapsesAt: T | null;
  paidAt: T | null;
  createdBy: string;
  createdAt: T;
  updatedAt: T;
}

/**
 * orderSeats/{orderId}-{nnn}: one seat handed out: an invitation, a code, or a claim through the campus link.
 * Seats not yet handed out have no document: the order's lanes count them.
 */
export interface OrderSeatDoc<T extends TimestampLike = TimestampLike> {
  orderId: string;
  organisationId: string;
  number: number;
  state: OrderSeatState;
  /** An invitation's address (lower case) and name. */
  email: string | null;
  name: string | null;
  /** sha256 of the invitation link's token; null for a code or a campus claim. */
  tokenHash: string | null;
  /** A single-use enrollment code, and when it expires. */
  code: string | null;
  codeExpiresAt: T | null;
  uid: string | null;
  enrollmentId: string | null;
  /** The member's name as the admin sees it ("Deleted learner" once their account is deleted). */
  learnerName: string | null;
  invitedAt: T | null;
  claimedAt: T | null;
  endedAt: T | null;
  updatedAt: T;
}

/** bankTransfers/{UTR}: a transfer recorded once; a second record of the same UTR is refused. */
export interface BankTransferDoc<T extends TimestampLike = TimestampLike> {
  orderId: string;
  amount: number;
  date: string;
  recordedBy: string;
  recordedAt: T;
}
