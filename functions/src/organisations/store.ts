import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { stateName } from '@upskill/domain/tax';
import {
  laneId,
  laneOfSeat,
  laneTotals,
  movedCounts,
  quoteExpired,
  seatCounts,
  seatDescription,
  settlement,
  type OrderSeatState,
  type OrganisationView,
  type SeatOrderView,
  type StoredSeatCounts,
  type TeamSeatView,
} from '@upskill/domain/organisations';
import { HttpError } from '../http/errors';
import { collection, type Stored } from '../platform/collections';
import { readById } from '../platform/readById';

export const organisations = () => collection('organisations');
export const seatOrders = () => collection('seatOrders');
export const orderSeats = () => collection('orderSeats');
export const seatLanes = () => collection('seatLanes');
export const bankTransfers = () => collection('bankTransfers');

export type OrganisationDoc = Stored<'organisations'>;
export type SeatOrderDoc = Stored<'seatOrders'>;
export type OrderSeatDoc = Stored<'orderSeats'>;
export type SeatLaneDoc = Stored<'seatLanes'>;

export const organisationNotFound = () => new HttpError('not-found', 'No such organisation.');
export const orderNotFound = () => new HttpError('not-found', 'No such order.');
export const seatNotFound = () => new HttpError('not-found', 'No such seat.');

const iso = (t: Timestamp | null | undefined) => (t ? new Date(t.toMillis()).toISOString() : null);

/** Seat n of an order: `{orderId}-007`, so an order's seats list together and in order. */
export const seatId = (orderId: string, n: number) => `${orderId}-${String(n).padStart(3, '0')}`;

/** How a quote and its order are referred to: "Q-" and the first 8 characters of its id, in capitals. */
export const orderReference = (id: string) => `Q-${id.slice(0, 8).toUpperCase()}`;

/** An order's lanes (lanes.ts in the domain), by number: none before it is paid. */
export const laneRefs = (orderId: string, order: Pick<SeatOrderDoc, 'lanes'>) =>
  Array.from({ length: order.lanes }, (_, k) => seatLanes().doc(laneId(orderId, k)));

/** An order's lanes, in order: read in `tx` when given (an admin's change reads them all before it moves any). */
export async function readLanes(orderId: string, order: Pick<SeatOrderDoc, 'lanes'>, tx?: Transaction): Promise<SeatLaneDoc[]> {
  const refs = laneRefs(orderId, order);
  if (refs.length === 0) return [];
  const lanes = tx ? (await tx.getAll(...refs)).map((snap) => snap.data()) : await readById(refs);
  if (lanes.length !== refs.length || lanes.some((lane) => !lane)) throw new Error(`order ${orderId} is missing a seat lane`);
  return lanes as SeatLaneDoc[];
}

/** The counts an order's view shows: its lanes' sum, read now. */
export async function orderCounts(orderId: string, order: Pick<SeatOrderDoc, 'lanes'>): Promise<StoredSeatCounts> {
  return laneTotals(await readLanes(orderId, order));
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

/** Writes in `tx` each lane `after` changed from `before` (takeSeats returns an unchanged lane as the same object). */
export function writeLanes(tx: Transaction, orderId: string, before: readonly SeatLaneDoc[], after: readonly SeatLaneDoc[], at: Timestamp) {
  after.forEach((lane, k) => {
    if (lane !== before[k]) tx.set(seatLanes().doc(laneId(orderId, k)), { ...lane, updatedAt: at });
  });
}

/** The lanes after seat `seatNumber` moves from one state to another: its lane alone changes, and is written in `tx`. */
export function moveSeat(
  tx: Transaction,
  orderId: string,
  lanes: readonly SeatLaneDoc[],
  seatNumber: number,
  from: OrderSeatState,
  to: OrderSeatState,
  at: Timestamp,
): SeatLaneDoc[] {
  const k = laneOfSeat(seatNumber, lanes.length);
  const after = lanes.map((lane, i) => (i === k ? { ...lane, counts: movedCounts(lane.counts, from, to) } : lane));
  writeLanes(tx, orderId, lanes, after, at);
  return after;
}

/** An order's view with its counts read now (after a change has committed, or for a page). */
export async function currentOrderView(id: string, doc: SeatOrderDoc, nowMs: number): Promise<SeatOrderView> {
  return orderView(id, doc, await orderCounts(id, doc), nowMs);
}

/** An order as its admin sees it, with its seats' counts (`orderCounts`, or the lanes a change has just written). */
export function orderView(id: string, doc: SeatOrderDoc, counts: StoredSeatCounts, nowMs: number): SeatOrderView {
  return { ...orderSummary(id, doc, nowMs), counts: seatCounts(counts) };
}

/** An order without its seats' counts, read from the order alone: the staff list's row (its counts are in its lanes). */
export function orderSummary(id: string, doc: SeatOrderDoc, nowMs: number): Omit<SeatOrderView, 'counts'> {
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
