import { COURSES, HOME_PLANS, PRICING_PLANS } from '../catalogue';
import { placeOfSupply, SAC_COACHING, splitPart, stateName, type PlaceOfSupply, type TaxBreakup } from '../tax';
import type { OrganisationDetails } from './organisations';
import type { SeatSubject } from './seats';

// One B2B tax invoice per order (issue 56), from the site's invoice series: what it says besides the numbers the
// series gives it. The figures are the quote's; nothing here is taken from a client.

/** What an organisation's order is invoiced for, and to whom. */
export interface OrderInvoiceFacts {
  recipient: { legalName: string; address: string; gstin: string | null; stateCode: string; stateName: string };
  placeOfSupply: PlaceOfSupply;
  sac: string;
  /** "25 seats: Pro plan"; "40 seats in Machine Learning with Python (batch: Weekend Morning, from …)". */
  description: string;
  quantity: number;
  /** One seat, GST included (paise). */
  unitPrice: number;
  poNumber: string | null;
  /** Printed as "Tax payable on reverse charge: No": the supplier pays the GST on this supply. */
  reverseCharge: false;
  /** A registered recipient's invoice is a B2B row of GSTR-1; an unregistered one's is B2C. */
  b2b: boolean;
  tax: TaxBreakup;
}

/** What is bought, in the invoice's words. */
export function seatDescription(subject: SeatSubject, seats: number, batchLabel: string | null): string {
  const count = `${seats} ${seats === 1 ? 'seat' : 'seats'}`;
  if (subject.kind === 'plan') {
    const plan = [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === subject.planId);
    return `${count}: ${plan?.name ?? subject.planId}${plan && !/plan|membership/i.test(plan.name) ? ' plan' : ''}`;
  }
  const course = COURSES.find((c) => c.id === subject.courseId)?.name ?? `course ${subject.courseId}`;
  return `${count} in ${course}${batchLabel ? ` (batch: ${batchLabel})` : ''}`;
}

/**
 * The invoice of an order. The place of supply is the recipient's state: its GSTIN's when it is registered
 * (IGST Act s.12(2)(a)), else its billing address's (s.12(2)(b)); so CGST + SGST within the supplier's state,
 * IGST elsewhere.
 */
export function orderInvoiceFacts(input: {
  organisation: OrganisationDetails;
  supplierStateCode: string;
  subject: SeatSubject;
  seats: number;
  seatPrice: number;
  tax: TaxBreakup;
  poNumber: string | null;
  batchLabel: string | null;
}): OrderInvoiceFacts {
  const { organisation } = input;
  const place = placeOfSupply(
    { state: organisation.state, country: null, gstin: organisation.gstin, businessName: organisation.legalName },
    input.supplierStateCode,
  );
  return {
    recipient: {
      legalName: organisation.legalName,
      address: organisation.address,
      gstin: organisation.gstin,
      stateCode: organisation.state,
      stateName: stateName(organisation.state) ?? organisation.state,
    },
    placeOfSupply: place,
    sac: SAC_COACHING,
    description: seatDescription(input.subject, input.seats, input.batchLabel),
    quantity: input.seats,
    unitPrice: input.seatPrice,
    poNumber: input.poNumber,
    reverseCharge: false,
    b2b: organisation.gstin !== null,
    tax: input.tax,
  };
}

/** Where an organisation's supply is made, for its quote: within the supplier's state or across states. */
export const supplyFor = (organisation: Pick<OrganisationDetails, 'state' | 'gstin'>, supplierStateCode: string) =>
  placeOfSupply({ state: organisation.state, country: null, gstin: organisation.gstin, businessName: null }, supplierStateCode).kind as
    'intra-state' | 'inter-state';

/**
 * The credit note for unclaimed seats cancelled before they start: those seats' share of the invoice, in the
 * invoice's own proportions, so that invoice minus credit notes adds up to the paisa.
 */
export function unusedSeatsCredit(invoice: { tax: TaxBreakup; unitPrice: number; quantity: number }, cancelled: number): TaxBreakup {
  if (!Number.isInteger(cancelled) || cancelled < 1 || cancelled > invoice.quantity)
    throw new Error(`Cancel 1 to ${invoice.quantity} seats, not ${cancelled}`);
  return splitPart(invoice.tax, invoice.unitPrice * cancelled);
}
