import { Timestamp } from 'firebase-admin/firestore';
import {
  answerDueAt,
  cancelSeatsSchema,
  laneTotals,
  seatDescription,
  takeSeats,
  unusedSeatsCredit,
  type SeatOrderView,
  type StaffOrganisations,
} from '@upskill/domain/organisations';
import { writeAudit } from '../audit/staffAudit';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { issueOrderCreditNote, orderCreditNoteId } from '../invoices/issue';
import { withNumbers } from '../invoices/numbers';
import { b2bFigures } from './figures';
import {
  orderNotFound,
  orderSummary,
  orderView,
  organisations,
  organisationView,
  readLanes,
  seatOrders,
  writeLanes,
  type SeatOrderDoc,
} from './store';

/**
 * The staff console's Organisations tab: organisations (requests first), orders with what is owed, B2B revenue by
 * month (invoices to registered buyers less their credit notes, the last B2B_MONTHS_SHOWN months) and TDS receivable
 * until its certificate arrives. The figures are the whole business's (organisations/figures.ts), not the listed
 * orders': they summed the newest 200 orders and were short past them.
 */
export async function staffOrganisations(nowMs: number): Promise<StaffOrganisations> {
  const [orgs, orders, figures] = await Promise.all([
    withDeadline(organisations().orderBy('createdAt', 'desc').limit(100).get()),
    withDeadline(seatOrders().orderBy('createdAt', 'desc').limit(200).get()),
    withDeadline(b2bFigures(nowMs)),
  ]);
  const listed = orgs.docs.map((d) => {
    const doc = d.data();
    const askedAtMs = doc.requestedBy ? doc.createdAt.toMillis() : null;
    const dueMs = askedAtMs === null ? null : answerDueAt(askedAtMs);
    return {
      ...organisationView(d.id, doc),
      requestedBy: doc.requestedBy ? { email: doc.requestedBy.email, name: doc.requestedBy.name } : null,
      message: doc.message,
      askedAt: askedAtMs === null ? null : new Date(askedAtMs).toISOString(),
      answerDueAt: dueMs === null ? null : new Date(dueMs).toISOString(),
      overdue: dueMs !== null && doc.status === 'requested' && nowMs > dueMs,
      answeredOnTime: dueMs !== null && doc.confirmedAt ? doc.confirmedAt.toMillis() <= dueMs : null,
    };
  });
  const answered = listed.filter((o) => o.answeredOnTime !== null);
  return {
    organisations: listed.sort((a, b) => (a.status === b.status ? 0 : a.status === 'requested' ? -1 : 1)),
    requestsAnswered: { answered: answered.length, onTime: answered.filter((o) => o.answeredOnTime).length },
    orders: orders.docs.map((d) => {
      const doc = d.data();
      const dueMs = doc.state === 'awaiting-price' ? answerDueAt(doc.createdAt.toMillis()) : null;
      // No seat counts here: they are the sum of each order's lanes, shown on the organisation's own page.
      return {
        ...orderSummary(d.id, doc, nowMs),
        organisationId: doc.organisationId,
        organisationName: doc.organisationName,
        priceDueAt: dueMs === null ? null : new Date(dueMs).toISOString(),
        overdue: dueMs !== null && nowMs > dueMs,
      };
    }),
    ...figures,
  };
}

/**
 * POST /api/staff/seat-orders/{id}/cancel-seats {seats}: unclaimed seats cancelled before they start, with a credit
 * note against the order's invoice for their share (once per order). A course order's unused batch places are freed.
 */
export async function cancelUnusedSeats(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<SeatOrderView> {
  const { seats: count } = await validateBody(cancelSeatsSchema, body, 'Check the number of seats.');
  const ref = seatOrders().doc(id);
  const view = await withNumbers(['credit-note'], nowMs, `cancel-${id}`, (numbers) =>
    withDeadline(
      runTransaction(async (tx) => {
        await numbers.check(tx);
        const order = (await tx.get(ref)).data();
        if (!order) throw orderNotFound();
        if (order.state !== 'paid' || !order.invoice)
          throw new HttpError('failed-precondition', 'Only a paid order’s seats can be cancelled.');
        if (order.creditNote) throw new HttpError('failed-precondition', 'This order already has a credit note for cancelled seats.');
        if (order.lapsesAt && order.lapsesAt.toMillis() <= nowMs)
          throw new HttpError('failed-precondition', 'These seats have lapsed: it is too late to cancel them.');
        const lanes = await readLanes(id, order, tx);
        const cancelled = takeSeats(lanes, count, null);
        if (!cancelled)
          throw new HttpError('invalid-argument', 'Check the number of seats.', {
            seats: `Only unassigned seats can be cancelled: ${laneTotals(lanes).unassigned} are. Revoke invitations first.`,
          });
        const organisation = (await tx.get(organisations().doc(order.organisationId))).data();
        if (!organisation) throw orderNotFound();
        const credited = unusedSeatsCredit({ tax: order.tax, unitPrice: order.seatPrice, quantity: order.seats }, count);
        const creditNote = issueOrderCreditNote(
          tx,
          numbers,
          orderCreditNoteId(id, 1),
          {
            orderId: id,
            settledBy: order.receipts.at(-1)?.reference ?? id,
            recipient: {
              legalName: organisation.legalName,
              address: organisation.address,
              gstin: organisation.gstin,
              state: organisation.state,
              email: organisation.adminEmails[0] ?? '',
            },
            description: `${count} unused ${count === 1 ? 'seat' : 'seats'} cancelled of ${seatDescription(order.subject, order.seats, order.batchLabel)}`,
            quantity: count,
            unitPrice: order.seatPrice,
            poNumber: order.poNumber,
            tax: order.tax,
            atMs: nowMs,
          },
          order.invoice,
          credited,
        );
        const updated: SeatOrderDoc = {
          ...order,
          cancelledSeats: count,
          creditNote,
          updatedAt: Timestamp.fromMillis(nowMs),
        };
        tx.set(ref, updated);
        writeLanes(tx, id, lanes, cancelled.lanes, Timestamp.fromMillis(nowMs));
        writeAudit(tx, actor, 'seats-cancelled', { kind: 'seatOrder', id }, `${count} unassigned seats, credit note ${creditNote.number}`);
        return orderView(id, updated, laneTotals(cancelled.lanes), nowMs);
      }),
    ),
  );
  return view;
}
