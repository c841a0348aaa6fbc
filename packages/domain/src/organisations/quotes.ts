import { splitInclusive, type TaxBreakup } from '../tax';
import { discountedSeatPrice, seatListPrice, volumePrice, type SeatSubject } from './seats';
import { DAY_MS } from '../common';

// A quote, then payment (issue 56). Every figure is decided here, from the catalogue and the seat count: never from
// what a client sends. Amounts are paise, GST included, as every price on the site.

/** A quote can be paid for this many days after it is made. */
export const QUOTE_VALID_DAYS = 15;

/** An Indian company may deduct TDS from a fee for technical or professional services (Income-tax Act s.194J). */
export const TDS_PERCENT = 10;
export const TDS_SECTION = '194J';

export interface QuoteRequest {
  subject: SeatSubject;
  seats: number;
  /** Where the supply is made: the buyer's state (its GSTIN's, when registered) against the supplier's. */
  supply: 'intra-state' | 'inter-state';
  /** For 100 seats or more: the price per seat (paise) staff agreed with the buyer. */
  agreedSeatPrice?: number;
  nowMs: number;
}

export interface QuoteFigures {
  seats: number;
  /** One seat at list price, and after the volume discount (paise). */
  listSeatPrice: number;
  seatPrice: number;
  /** 10 or 15 for a volume tier; for a quote staff priced, the discount their price gives, to one decimal. */
  percentOff: number;
  /** The whole order: total, taxable value and GST, adding up to the paisa. */
  tax: TaxBreakup;
  validUntilMs: number;
  /** What the buyer may deduct as TDS: 10% of the taxable value (GST shown apart is not part of the fee). */
  tds: number;
}

/** The quote's figures, or why there can be none. */
export function quoteFigures(request: QuoteRequest): { figures: QuoteFigures } | { refused: string } {
  const list = seatListPrice(request.subject);
  if (list === undefined) return { refused: 'This course or plan is not sold as seats.' };
  const volume = volumePrice(request.seats);
  if (volume.kind === 'too-few')
    return { refused: 'Teams and campuses buy 5 seats or more; for fewer, each learner enrolls on their own.' };
  let seatPrice: number;
  let percentOff: number;
  if (volume.kind === 'quote') {
    if (request.agreedSeatPrice === undefined)
      return {
        refused: 'For 100 seats or more, our team prices the order with you: ask for a quote and we will reply within a working day.',
      };
    if (!Number.isInteger(request.agreedSeatPrice) || request.agreedSeatPrice <= 0 || request.agreedSeatPrice > list * 100)
      return { refused: 'The agreed price per seat must be a whole number of paise, above nothing and at most the list price.' };
    seatPrice = request.agreedSeatPrice;
    percentOff = Math.round((1000 * (list * 100 - seatPrice)) / (list * 100)) / 10;
  } else {
    seatPrice = discountedSeatPrice(list, volume.percentOff);
    percentOff = volume.percentOff;
  }
  const tax = splitInclusive(seatPrice * request.seats, request.supply);
  return {
    figures: {
      seats: request.seats,
      listSeatPrice: list * 100,
      seatPrice,
      percentOff,
      tax,
      validUntilMs: request.nowMs + QUOTE_VALID_DAYS * DAY_MS,
      tds: tdsOn(tax),
    },
  };
}

/** The TDS a buyer may deduct: 10% of the taxable value, to the paisa. */
export const tdsOn = (tax: Pick<TaxBreakup, 'taxable'>): number => Math.round((tax.taxable * TDS_PERCENT) / 100);

export const quoteExpired = (quote: { validUntilMs: number }, nowMs: number): boolean => nowMs >= quote.validUntilMs;

export interface Settlement {
  /** Received by Razorpay or bank transfer. */
  received: number;
  /** Deducted by the buyer as TDS, receivable from the tax department until its certificate arrives. */
  tds: number;
  outstanding: number;
  /** Paid in full: what was received plus the TDS covers the total. */
  settled: boolean;
}

/** Where an order stands: it counts as paid in full once payments plus the TDS deducted cover its total. */
export function settlement(total: number, payments: readonly { amount: number }[], tdsDeducted: number): Settlement {
  const received = payments.reduce((sum, p) => sum + p.amount, 0);
  const outstanding = Math.max(0, total - received - tdsDeducted);
  return { received, tds: tdsDeducted, outstanding, settled: outstanding === 0 };
}

/** Why a TDS amount cannot be recorded against an order, or undefined. */
export function tdsProblem(amount: number, figures: Pick<QuoteFigures, 'tds'>): string | undefined {
  if (!Number.isInteger(amount) || amount <= 0) return 'Give the TDS deducted in rupees and paise.';
  if (amount > figures.tds) return `TDS under section ${TDS_SECTION} is at most ${TDS_PERCENT}% of the taxable value.`;
  return undefined;
}

// A bank transfer's reference: NEFT UTRs are 16 characters, RTGS 22, IMPS references 12 digits.
const UTR = /^(?:[A-Z0-9]{16}|[A-Z0-9]{22}|\d{12})$/;
export const normaliseUtr = (value: string): string => value.replace(/\s+/g, '').toUpperCase();
export const utrProblem = (value: string): string | undefined =>
  UTR.test(normaliseUtr(value))
    ? undefined
    : 'A UTR is 16 characters (NEFT), 22 (RTGS) or 12 digits (IMPS), as the bank statement shows it.';

// A buyer's purchase-order number, printed on the quote and the invoice.
const PO = /^[A-Za-z0-9][A-Za-z0-9 /._-]{0,39}$/;
export const poNumberProblem = (value: string): string | undefined =>
  PO.test(value.trim()) ? undefined : 'A PO number is up to 40 letters, digits, spaces and / . _ -';
