import type { Timestamp } from 'firebase-admin/firestore';
import { stateName } from '@upskill/domain/tax';
import {
  quoteExpired,
  seatCounts,
  seatDescription,
  settlement,
  ORDER_SEAT_STATES,
  type OrderSeatState,
  type OrganisationView,
  type SeatOrderView,
  type StoredSeatCounts,
  type TeamSeatView,
} from '@upskill/domain/organisations';
import { HttpError } from '../http/errors';
import { collection, type Stored } from '../platform/collections';

export const organisations = () => collection('organisations');
export const seatOrders = () => collection('seatOrders');
export const orderSeats = () => collection('orderSeats');
export const bankTransfers = () => collection('bankTransfers');

export type OrganisationDoc = Stored<'organisations'>;
export type SeatOrderDoc = Stored<'seatOrders'>;
export type OrderSeatDoc = Stored<'orderSeats'>;

export const organisationNotFound = () => new HttpError('not-found', 'No such organisation.');
export const orderNotFound = () => new HttpError('not-found', 'No such order.');
export const seatNotFound = () => new HttpError('not-found', 'No such seat.');

const iso = (t: Timestamp | null | undefined) => (t ? new Date(t.toMillis()).toISOString() : null);

/** Seat n of an order: `{orderId}-007`, so an order's seats list together and in order. */
export const seatId = (orderId: string, n: number) => `${orderId}-${String(n).padStart(3, '0')}`;

/** How a quote and its order are referred to: "Q-" and the first 8 characters of its id, in capitals. */
export const orderReference = (id: string) => `Q-${id.slice(0, 8).toUpperCase()}`;

export const noSeats = (): StoredSeatCounts => Object.fromEntries(ORDER_SEAT_STATES.map((s) => [s, 0])) as Record<OrderSeatState, number>;

/** The counts after one seat moves from one state to another (or is handed out, from nothing). */
export function moved(counts: StoredSeatCounts, from: OrderSeatState, to: OrderSeatState, n = 1): StoredSeatCounts {
  return { ...counts, [from]: counts[from] - n, [to]: counts[to] + n };
}

export function organisationView(id: string, doc: OrganisationDoc): OrganisationView {
  return {
    id,
    kind: doc.kind,
    legalName: doc.legalName,
    address: doc.address,
    state: doc.state,
    stateName: stateName(doc.state) ?? doc.state,
    gstin: doc.gstin,
    domains: doc.domains,
    status: doc.status,
    adminEmails: doc.adminEmails,
    joinPath: doc.kind === 'campus' && doc.status === 'confirmed' && doc.joinKey ? `/join/${doc.joinKey}` : null,
  };
}

export function orderView(id: string, doc: SeatOrderDoc, nowMs: number): SeatOrderView {
  return {
    id,
    reference: orderReference(id),
    subject: doc.subject,
    description: seatDescription(doc.subject, doc.seats, doc.batchLabel),
    batchId: doc.batchId,
    seats: doc.seats,
    listSeatPrice: doc.listSeatPrice,
    seatPrice: doc.seatPrice,
    percentOff: doc.percentOff,
    tax: doc.tax,
    tdsAllowed: doc.tdsAllowed,
    poNumber: doc.poNumber,
    state: doc.state,
    validUntil: iso(doc.validUntil)!,
    expired: doc.state === 'quoted' && doc.receipts.length === 0 && quoteExpired({ validUntilMs: doc.validUntil.toMillis() }, nowMs),
    receipts: doc.receipts.map((r) => ({ kind: r.kind, reference: r.reference, amount: r.amount, date: r.date })),
    tds: doc.tds ? { amount: doc.tds.amount, certificate: doc.tds.certificate } : null,
    settlement: settlement(doc.tax.total, doc.receipts, doc.tds?.amount ?? 0),
    invoice: doc.invoice,
    creditNote: doc.creditNote,
    cancelledSeats: doc.cancelledSeats,
    counts: seatCounts(doc.counts),
    lapsesAt: iso(doc.lapsesAt),
    paidAt: iso(doc.paidAt),
    createdAt: iso(doc.createdAt)!,
  };
}

export function seatView(id: string, doc: OrderSeatDoc): Omit<TeamSeatView, 'progress'> {
  return {
    id,
    orderId: doc.orderId,
    state: doc.state,
    email: doc.email,
    name: doc.learnerName ?? doc.name,
    via: doc.tokenHash ? 'invitation' : doc.code ? 'code' : 'campus',
    code: doc.state === 'invited' ? doc.code : null,
    codeExpiresAt: doc.state === 'invited' ? iso(doc.codeExpiresAt) : null,
    invitedAt: iso(doc.invitedAt),
    claimedAt: iso(doc.claimedAt),
  };
}

/**
 * A seat's document as it is handed out (or, for a campus claim, taken): who it is for, and how they prove it (an
 * invitation link's token hash, or a code and its expiry). Claims fill in the rest.
 */
export function handedOutSeat(
  order: { id: string; organisationId: string },
  number: number,
  at: Timestamp,
  to: Partial<Pick<OrderSeatDoc, 'state' | 'email' | 'name' | 'tokenHash' | 'code' | 'codeExpiresAt' | 'invitedAt'>>,
): OrderSeatDoc {
  return {
    orderId: order.id,
    organisationId: order.organisationId,
    number,
    state: 'invited',
    email: null,
    name: null,
    tokenHash: null,
    code: null,
    codeExpiresAt: null,
    uid: null,
    enrollmentId: null,
    learnerName: null,
    invitedAt: at,
    claimedAt: null,
    endedAt: null,
    updatedAt: at,
    ...to,
  };
}
