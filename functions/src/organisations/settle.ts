import { markSeats, seatOfId } from '../batches/board';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { CONFIRMED_UNTIL_MS, indiaDate, seatTaken } from '@upskill/domain/batches';
import {
  emptySeatCounts,
  laneAllotments,
  laneId,
  quoteExpired,
  seatDescription,
  seatLapsesAt,
  settlement,
  tdsProblem,
  tdsSchema,
  transferSchema,
  normaliseUtr,
  type SeatOrderView,
} from '@upskill/domain/organisations';
import { writeAudit } from '../audit/staffAudit';
import { batches, seatRef, seats } from '../batches/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { issueOrderInvoice } from '../invoices/issue';
import { withNumbers, type Numbers } from '../invoices/numbers';
import { bankTransfers, currentOrderView, orderNotFound, organisations, seatLanes, seatOrders, type SeatOrderDoc } from './store';

/**
 * Money against an order: Razorpay payments, bank transfers staff record with their UTR, and TDS the buyer deducted.
 * The order is paid once what was received plus the TDS covers its total; then, in the same transaction, its one
 * B2B invoice is issued, a course order's batch places are held, and its seats can be handed out.
 */

const refuse = (message: string) => new HttpError('failed-precondition', message);

/** Why money cannot be taken against this order now, or undefined. */
export function paymentRefusal(doc: SeatOrderDoc, nowMs: number): string | undefined {
  if (doc.state === 'awaiting-price') return 'This quote is waiting for our team to price it.';
  if (doc.state === 'cancelled') return 'This quote was cancelled.';
  if (doc.state === 'paid') return 'This order is already paid in full.';
  if (doc.receipts.length === 0 && !doc.tds && quoteExpired({ validUntilMs: doc.validUntil.toMillis() }, nowMs))
    return 'This quote has expired: its prices held for 15 days. Make a new quote.';
  return undefined;
}

export type Change =
  | {
      kind: 'receipt';
      receipt: { kind: 'razorpay' | 'transfer'; reference: string; amount: number; date: string; recordedBy: string | null };
    }
  | { kind: 'tds'; amount: number; recordedBy: string };

/**
 * Applies a change to the order read in `tx`; when it completes the payment, issues the invoice and holds the
 * seats. Every read is done before the first write.
 */
async function applyChange(tx: Transaction, numbers: Numbers, id: string, doc: SeatOrderDoc, change: Change, atMs: number) {
  await numbers.check(tx);
  const at = Timestamp.fromMillis(atMs);
  const receipts = change.kind === 'receipt' ? [...doc.receipts, { ...change.receipt, recordedAt: at }] : doc.receipts;
  const tds =
    change.kind === 'tds'
      ? { amount: change.amount, recordedAt: at, recordedBy: change.recordedBy, certificate: null, certificateAt: null }
      : doc.tds;
  const settled = settlement(doc.tax.total, receipts, tds?.amount ?? 0).settled;
  let updated: SeatOrderDoc = { ...doc, receipts, tds, updatedAt: at };
  if (settled) {
    const organisation = (await tx.get(organisations().doc(doc.organisationId))).data();
    if (!organisation) throw orderNotFound();
    const held: { ref: ReturnType<typeof seatRef> }[] = [];
    let batchStartMs: number | null = null;
    if (doc.subject.kind === 'course' && doc.batchId) {
      const batch = (await tx.get(batches().doc(doc.batchId))).data();
      if (!batch || batch.status === 'cancelled') throw refuse('This order’s batch was cancelled: move the order to another batch first.');
      batchStartMs = batch.startsAt.toMillis();
      const taken = new Map((await tx.get(seats().where('batchId', '==', doc.batchId))).docs.map((d) => [d.data().index, d.data()]));
      for (let index = 0; index < batch.capacity && held.length < doc.seats; index++) {
        const seat = taken.get(index);
        if (!seat || !seatTaken(seat.activeUntil.toMillis(), atMs)) held.push({ ref: seatRef(doc.batchId, index) });
      }
      if (held.length < doc.seats)
        throw new HttpError(
          'batch-full',
          `The batch has ${held.length} places left and the order is for ${doc.seats}: move it to another batch, or refund it.`,
        );
    }
    const reference = change.kind === 'receipt' ? change.receipt.reference : (receipts.at(-1)?.reference ?? `tds-${id}`);
    const invoice =
      doc.invoice ??
      issueOrderInvoice(tx, numbers, {
        orderId: id,
        settledBy: reference,
        recipient: {
          legalName: organisation.legalName,
          address: organisation.address,
          gstin: organisation.gstin,
          state: organisation.state,
          email: organisation.adminEmails[0] ?? '',
        },
        description: seatDescription(doc.subject, doc.seats, doc.batchLabel),
        quantity: doc.seats,
        unitPrice: doc.seatPrice,
        poNumber: doc.poNumber,
        tax: doc.tax,
        atMs,
      });
    for (const { ref } of held) {
      tx.set(ref, {
        batchId: doc.batchId!,
        index: Number(ref.id.split('_').at(-1)),
        state: 'confirmed',
        enrollmentId: null,
        waitlistId: null,
        seatOrderId: id,
        activeUntil: Timestamp.fromMillis(CONFIRMED_UNTIL_MS),
        updatedAt: at,
      });
    }
    if (doc.batchId)
      markSeats(
        tx,
        doc.batchId,
        held.map(({ ref }) => ({ index: seatOfId(ref.id).index, activeUntil: Timestamp.fromMillis(CONFIRMED_UNTIL_MS) })),
      );
    // The seats go into their lanes, unassigned (lanes.ts): from here a claim writes a lane, not this order.
    const allotments = laneAllotments(doc.seats);
    allotments.forEach((unassigned, lane) =>
      tx.create(seatLanes().doc(laneId(id, lane)), {
        orderId: id,
        organisationId: doc.organisationId,
        lane,
        handedOut: 0,
        counts: { ...emptySeatCounts(), unassigned },
        updatedAt: at,
      }),
    );
    updated = {
      ...updated,
      state: 'paid',
      invoice,
      paidAt: at,
      lanes: allotments.length,
      lapsesAt: Timestamp.fromMillis(seatLapsesAt(doc.subject.kind, { paidAtMs: atMs, batchStartMs })),
    };
  }
  tx.set(seatOrders().doc(id), updated);
  return updated;
}

/** Runs a change against order `id` in one transaction, with an invoice number to hand should it settle the order. */
export function changeOrder(
  id: string,
  atMs: number,
  holder: string,
  check: (tx: Transaction, doc: SeatOrderDoc) => Promise<Change | 'unchanged'>,
  after?: (tx: Transaction, doc: SeatOrderDoc) => void,
): Promise<SeatOrderDoc> {
  return withNumbers([], atMs, holder, (numbers) =>
    withDeadline(
      runTransaction(async (tx) => {
        await numbers.check(tx);
        const doc = (await tx.get(seatOrders().doc(id))).data();
        if (!doc) throw orderNotFound();
        const change = await check(tx, doc);
        if (change === 'unchanged') return doc;
        const updated = await applyChange(tx, numbers, id, doc, change, atMs);
        after?.(tx, updated);
        return updated;
      }),
    ),
  );
}

/**
 * POST /api/staff/seat-orders/{id}/transfers {utr, date, amount}: a bank transfer received. Its UTR is recorded
 * once (bankTransfers/{UTR}, created in the same transaction): the same UTR again is refused.
 */
export async function recordTransfer(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<SeatOrderView> {
  const input = await validateBody(transferSchema, body, 'Check the transfer.');
  const utr = normaliseUtr(input.utr);
  if (input.date > indiaDate(nowMs))
    throw new HttpError('invalid-argument', 'Check the transfer.', { date: 'A transfer cannot arrive in the future.' });
  const transferRef = bankTransfers().doc(utr);
  const doc = await changeOrder(
    id,
    nowMs,
    `transfer-${utr}`,
    async (tx, order) => {
      if ((await tx.get(transferRef)).exists)
        throw new HttpError('failed-precondition', 'Check the transfer.', {
          utr: 'This UTR is already recorded: a transfer is recorded once.',
        });
      const refused = paymentRefusal(order, nowMs);
      if (refused) throw refuse(refused);
      const left = settlement(order.tax.total, order.receipts, order.tds?.amount ?? 0).outstanding;
      if (input.amount > left)
        throw new HttpError('invalid-argument', 'Check the transfer.', {
          amount: `More than is outstanding (${(left / 100).toFixed(2)} rupees): record what this order is owed, and refund the rest.`,
        });
      return {
        kind: 'receipt',
        receipt: { kind: 'transfer', reference: utr, amount: input.amount, date: input.date, recordedBy: actor.email },
      };
    },
    (tx) => {
      tx.create(transferRef, {
        orderId: id,
        amount: input.amount,
        date: input.date,
        recordedBy: actor.email,
        recordedAt: Timestamp.fromMillis(nowMs),
      });
      writeAudit(tx, actor, 'transfer-recorded', { kind: 'seatOrder', id }, `UTR ${utr}: ${(input.amount / 100).toFixed(2)} rupees`);
    },
  );
  return currentOrderView(id, doc, nowMs);
}

/**
 * POST /api/staff/seat-orders/{id}/tds {amount} or {certificate}: the TDS the buyer deducted (once, at most 10% of
 * the taxable value), and later the number of its certificate, after which it is no longer receivable.
 */
export async function recordTds(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<SeatOrderView> {
  const input = await validateBody(tdsSchema, body, 'Check the TDS.');
  if (input.certificate !== undefined) {
    const ref = seatOrders().doc(id);
    const doc = await withDeadline(
      runTransaction(async (tx) => {
        const order = (await tx.get(ref)).data();
        if (!order) throw orderNotFound();
        if (!order.tds) throw new HttpError('invalid-argument', 'Check the TDS.', { certificate: 'Record the TDS deducted first.' });
        const updated: SeatOrderDoc = {
          ...order,
          tds: { ...order.tds, certificate: input.certificate!.toUpperCase(), certificateAt: Timestamp.fromMillis(nowMs) },
          updatedAt: Timestamp.fromMillis(nowMs),
        };
        tx.set(ref, updated);
        writeAudit(tx, actor, 'tds-recorded', { kind: 'seatOrder', id }, `TDS certificate ${input.certificate}`);
        return updated;
      }),
    );
    return currentOrderView(id, doc, nowMs);
  }
  const amount = input.amount!;
  const doc = await changeOrder(
    id,
    nowMs,
    `tds-${id}`,
    async (_tx, order) => {
      if (order.tds) throw new HttpError('invalid-argument', 'Check the TDS.', { amount: 'TDS is already recorded for this order.' });
      if (order.state === 'awaiting-price' || order.state === 'cancelled') throw refuse(paymentRefusal(order, nowMs)!);
      const problem = tdsProblem(amount, { tds: order.tdsAllowed });
      if (problem) throw new HttpError('invalid-argument', 'Check the TDS.', { amount: problem });
      return { kind: 'tds', amount, recordedBy: actor.email };
    },
    (tx) => writeAudit(tx, actor, 'tds-recorded', { kind: 'seatOrder', id }, `TDS deducted: ${(amount / 100).toFixed(2)} rupees`),
  );
  return currentOrderView(id, doc, nowMs);
}
