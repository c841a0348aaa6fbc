import { Timestamp } from 'firebase-admin/firestore';
import { batchLabel, findOffering } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import {
  emptySeatCounts,
  quoteFigures,
  quoteRequestSchema,
  seatPriceSchema,
  supplyFor,
  tdsOn,
  volumePrice,
  type SeatOrderView,
  type SeatSubject,
} from '@upskill/domain/organisations';
import { splitInclusive } from '@upskill/domain/tax';
import { DAY_MS } from '@upskill/domain/common';
import { writeAudit } from '../audit/staffAudit';
import { sellableBatch } from '../batches/seats';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { supplier } from '../invoices/supplier';
import type { TeamAdmin } from './access';
import { orderNotFound, orderView, seatOrders, type OrganisationDoc, type SeatOrderDoc } from './store';

/** A quote staff must price (100 seats or more) is valid this long once priced; until then it waits. */
const AWAITING_PRICE_DAYS = 30;

/**
 * POST /api/team/{org}/quotes {kind, planId | batchId, seats, poNumber}: a quote for the organisation, priced by the
 * server from the catalogue and the volume tiers (5–24 seats 10% off, 25–99 15% off). 100 seats or more wait for
 * staff to agree a price. GST follows the organisation's state against ours. Nothing a client sends is a price.
 */
export async function createQuote(
  admin: TeamAdmin,
  organisationId: string,
  organisation: OrganisationDoc,
  body: unknown,
  nowMs: number,
): Promise<SeatOrderView> {
  const input = await validateBody(quoteRequestSchema, body, 'Check the highlighted fields.');
  let subject: SeatSubject;
  let batchId: string | null = null;
  let label: string | null = null;
  if (input.kind === 'plan') subject = { kind: 'plan', planId: input.planId! };
  else {
    const batch = await sellableBatch(input.batchId!, nowMs, organisationId);
    const offering = findOffering(batch.offering);
    const course = offering?.kind === 'course' ? COURSES.find((c) => c.slug === offering.slug) : undefined;
    if (!course) throw new HttpError('invalid-argument', 'Check the highlighted fields.', { batchId: 'Choose a batch of a course.' });
    if (input.seats > batch.capacity)
      throw new HttpError('invalid-argument', 'Check the highlighted fields.', {
        seats: `This batch has ${batch.capacity} places in all: choose fewer seats, or ask us for a batch of your own.`,
      });
    subject = { kind: 'course', courseId: course.id };
    batchId = input.batchId!;
    label = batchLabel(batch);
  }
  const supply = supplyFor(organisation, supplier().stateCode);
  const volume = volumePrice(input.seats);
  const at = Timestamp.fromMillis(nowMs);
  let priced: Pick<SeatOrderDoc, 'listSeatPrice' | 'seatPrice' | 'percentOff' | 'tax' | 'tdsAllowed' | 'state' | 'validUntil'>;
  if (volume.kind === 'quote') {
    // Staff price it (seatPrice below); until then its figures are the list price's, shown as awaiting a price.
    const list = quoteFigures({ subject, seats: 99, supply, nowMs });
    if ('refused' in list) throw new HttpError('invalid-argument', list.refused, { seats: list.refused });
    const listSeatPrice = list.figures.listSeatPrice;
    const tax = splitInclusive(listSeatPrice * input.seats, supply);
    priced = {
      listSeatPrice,
      seatPrice: listSeatPrice,
      percentOff: 0,
      tax,
      tdsAllowed: tdsOn(tax),
      state: 'awaiting-price',
      validUntil: Timestamp.fromMillis(nowMs + AWAITING_PRICE_DAYS * DAY_MS),
    };
  } else {
    const quote = quoteFigures({ subject, seats: input.seats, supply, nowMs });
    if ('refused' in quote) throw new HttpError('invalid-argument', quote.refused, { seats: quote.refused });
    const f = quote.figures;
    priced = {
      listSeatPrice: f.listSeatPrice,
      seatPrice: f.seatPrice,
      percentOff: f.percentOff,
      tax: f.tax,
      tdsAllowed: f.tds,
      state: 'quoted',
      validUntil: Timestamp.fromMillis(f.validUntilMs),
    };
  }
  const ref = seatOrders().doc();
  const doc: SeatOrderDoc = {
    organisationId,
    organisationName: organisation.legalName,
    subject,
    batchId,
    batchLabel: label,
    seats: input.seats,
    ...priced,
    supply,
    poNumber: input.poNumber?.trim() || null,
    gatewayOrder: null,
    receipts: [],
    tds: null,
    invoice: null,
    cancelledSeats: 0,
    creditNote: null,
    lanes: 0,
    milestonesMailed: [],
    lapseWarned: false,
    lapsesAt: null,
    paidAt: null,
    createdBy: admin.uid,
    createdAt: at,
    updatedAt: at,
  };
  await withDeadline(ref.create(doc));
  return orderView(ref.id, doc, emptySeatCounts(), nowMs);
}

/** POST /api/staff/seat-orders/{id}/price {seatPrice}: staff price a quote of 100 seats or more; it is then valid 15 days. */
export async function priceQuote(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<SeatOrderView> {
  const { seatPrice } = await validateBody(seatPriceSchema, body, 'Check the price.');
  const ref = seatOrders().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw orderNotFound();
      if (
        doc.state !== 'awaiting-price' &&
        !(doc.state === 'quoted' && doc.receipts.length === 0 && volumePrice(doc.seats).kind === 'quote')
      )
        throw new HttpError('failed-precondition', 'Only an unpaid quote of 100 seats or more is priced by staff.');
      const quote = quoteFigures({ subject: doc.subject, seats: doc.seats, supply: doc.supply, agreedSeatPrice: seatPrice, nowMs });
      if ('refused' in quote) throw new HttpError('invalid-argument', 'Check the price.', { seatPrice: quote.refused });
      const f = quote.figures;
      const priced: SeatOrderDoc = {
        ...doc,
        seatPrice: f.seatPrice,
        percentOff: f.percentOff,
        tax: f.tax,
        tdsAllowed: f.tds,
        state: 'quoted',
        validUntil: Timestamp.fromMillis(f.validUntilMs),
        gatewayOrder: null,
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, priced);
      writeAudit(tx, actor, 'seat-order-priced', { kind: 'seatOrder', id }, `${doc.seats} seats at ${f.seatPrice / 100} rupees each`);
      return orderView(id, priced, emptySeatCounts(), nowMs);
    }),
  );
}
