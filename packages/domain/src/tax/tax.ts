/**
 * GST on what we sell, decided once: the states and their codes, GSTIN checks, place of supply, the
 * tax split of a GST-inclusive price, financial years and document numbers. Pure functions; the
 * server issues invoices with them and the payment page shows the same breakup before paying.
 * Sources and the reading of each rule: docs/decisions/0016-gst-invoices.md.
 */
import { indiaDate } from '../batches';
import { formatIndianNumber } from '../common';

/** Commercial training and coaching services (Notification 11/2017-CT(Rate), heading 9992). */
export const SAC_COACHING = '999293';
export const GST_RATE_PERCENT = 18;
/** Listed prices include GST: price = taxable value × (1 + 18/100). */
const RATE = GST_RATE_PERCENT / 100;

/** The states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const GST_STATES = [
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh' },
  { code: '31', name: 'Lakshadweep' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
] as const;
export type GstStateCode = (typeof GST_STATES)[number]['code'];
/** What the billing form's state list offers after the states: the buyer is abroad. */
export const OUTSIDE_INDIA = 'outside-india';
/** The code GSTR-1 uses for the place of supply of an export (96, "Other Countries"). */
export const EXPORT_POS_CODE = '96';

export const isGstStateCode = (code: string): code is GstStateCode => GST_STATES.some((s) => s.code === code);
export const stateName = (code: string): string | undefined => GST_STATES.find((s) => s.code === code)?.name;

// ---------------------------------------------------------------------------------------------------
// GSTIN: 2-digit state code, the holder's PAN (10), entity number, 'Z' by default, a check character.

const GSTIN_PATTERN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])([A-Z])([0-9A-Z])$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character GSTN computes over the first 14 characters: each character's base-36 value
 * times a factor alternating 1, 2 from the left; each product folded as quotient + remainder by 36;
 * the check is (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

export const normalizeGstin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** Why a GSTIN is not valid (a sentence for the form), or undefined when it is. */
export function gstinProblem(value: string): string | undefined {
  const gstin = normalizeGstin(value);
  const match = GSTIN_PATTERN.exec(gstin);
  if (!match) return 'A GSTIN is 15 characters: a 2-digit state code, a 10-character PAN, then 3 more (e.g. 29ABCDE1234F1Z5).';
  if (!isGstStateCode(match[1])) return `${match[1]} is not a state code of a GSTIN.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'This GSTIN has a typo: its last character does not match the rest.';
  return undefined;
}

export const gstinStateCode = (gstin: string): string => normalizeGstin(gstin).slice(0, 2);

// ---------------------------------------------------------------------------------------------------
// The buyer's billing details and where the supply is made.

export interface BillingDetails {
  /** A GST state code, or OUTSIDE_INDIA. */
  state: string;
  /** The country, when the buyer is outside India. */
  country: string | null;
  /** A registered buyer's GSTIN (their invoice is B2B), or null. */
  gstin: string | null;
  /** The name registered with that GSTIN, printed on a B2B invoice. */
  businessName: string | null;
}

/** Why these billing details cannot be accepted, per field (empty when they can). */
export function billingProblems(billing: BillingDetails): Partial<Record<keyof BillingDetails, string>> {
  const problems: Partial<Record<keyof BillingDetails, string>> = {};
  const abroad = billing.state === OUTSIDE_INDIA;
  if (!abroad && !isGstStateCode(billing.state)) problems.state = 'Please choose your state or union territory.';
  if (abroad && !billing.country?.trim()) problems.country = 'Please enter your country.';
  if (billing.gstin) {
    const problem = gstinProblem(billing.gstin);
    if (problem) problems.gstin = problem;
    else if (abroad) problems.gstin = 'A GSTIN is registered in India: choose its state, or leave the GSTIN empty.';
    else if (gstinStateCode(billing.gstin) !== billing.state) {
      problems.gstin = `This GSTIN is registered in ${stateName(gstinStateCode(billing.gstin)) ?? 'another state'}, not ${stateName(billing.state) ?? 'the state chosen'}.`;
    }
    if (!billing.businessName?.trim()) problems.businessName = 'Please enter the business name registered with this GSTIN.';
  }
  return problems;
}

export const SUPPLY_KINDS = ['intra-state', 'inter-state', 'export'] as const;
export type SupplyKind = (typeof SUPPLY_KINDS)[number];

export interface PlaceOfSupply {
  kind: SupplyKind;
  /** The state code (96 for an export) and its name (the country for an export). */
  code: string;
  name: string;
}

/**
 * IGST Act s.12(2): for services to a registered person, the place of supply is their location (their
 * GSTIN's state); to anyone else, their address on record, or else the supplier's location. s.13:
 * a buyer outside India makes it an export.
 */
export function placeOfSupply(billing: BillingDetails | null, supplierStateCode: string): PlaceOfSupply {
  if (billing?.state === OUTSIDE_INDIA) return { kind: 'export', code: EXPORT_POS_CODE, name: billing.country?.trim() || 'Outside India' };
  const code = billing?.gstin ? gstinStateCode(billing.gstin) : (billing?.state ?? supplierStateCode);
  return { kind: code === supplierStateCode ? 'intra-state' : 'inter-state', code, name: stateName(code) ?? code };
}

// ---------------------------------------------------------------------------------------------------
// The split. Every figure is in paise; they add up to the price exactly.

export interface TaxBreakup {
  /** What the buyer pays (paise). */
  total: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** 9/9 for intra-state, 18 for inter-state, 0 for an export under LUT. */
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
}

/**
 * Splits a GST-inclusive price. The taxes are each rounded to the paisa from the taxable value, and
 * the taxable value is what is left, so taxable + taxes = price to the paisa and CGST equals SGST.
 * An export under a Letter of Undertaking is zero-rated: the whole price is the taxable value.
 */
export function splitInclusive(total: number, kind: SupplyKind): TaxBreakup {
  if (!Number.isInteger(total) || total < 0) throw new Error(`A price in paise, not ${total}`);
  if (kind === 'export') return { total, taxable: total, cgst: 0, sgst: 0, igst: 0, cgstRate: 0, sgstRate: 0, igstRate: 0 };
  const estimate = Math.round(total / (1 + RATE));
  if (kind === 'inter-state') {
    const igst = Math.round(estimate * RATE);
    return { total, taxable: total - igst, cgst: 0, sgst: 0, igst, cgstRate: 0, sgstRate: 0, igstRate: GST_RATE_PERCENT };
  }
  const half = Math.round((estimate * RATE) / 2);
  return {
    total,
    taxable: total - 2 * half,
    cgst: half,
    sgst: half,
    igst: 0,
    cgstRate: GST_RATE_PERCENT / 2,
    sgstRate: GST_RATE_PERCENT / 2,
    igstRate: 0,
  };
}

/** A part of a breakup (a refund of part of the price) in the same proportions, still adding up exactly. */
export function splitPart(of: TaxBreakup, part: number): TaxBreakup {
  if (part >= of.total) return of;
  const share = (value: number) => Math.round((value * part) / of.total);
  const cgst = share(of.cgst);
  const sgst = of.cgst === of.sgst ? cgst : share(of.sgst);
  const igst = share(of.igst);
  return { ...of, total: part, taxable: part - cgst - sgst - igst, cgst, sgst, igst };
}

/** Where an enrollment's invoice or credit note is, and what the receipt shows of it. */
export interface TaxDocumentSummary {
  /** taxDocuments/{id}. */
  id: string;
  number: string;
  /** India's calendar day, YYYY-MM-DD. */
  date: string;
  placeOfSupply: PlaceOfSupply;
  breakup: TaxBreakup;
}

// ---------------------------------------------------------------------------------------------------
// Financial years and document numbers (CGST Rules 46(b), 53(1A)(b)).

/** The financial year (April to March, in India's time) of an instant, as "26-27". */
export function financialYear(atMs: number): string {
  const [year, month] = indiaDate(atMs).split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** The month an invoice is reported in (GSTR-1 is monthly), as YYYY-MM. */
export const indiaMonth = (atMs: number): string => indiaDate(atMs).slice(0, 7);

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];
/** The series of each kind: its own prefix, its own count. */
export const SERIES_PREFIX: Record<TaxDocumentKind, string> = { invoice: 'UPS', 'credit-note': 'UCN' };
const SEQUENCE_DIGITS = 6;
const NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

/** A document number, e.g. UPS/26-27/000042: at most 16 characters of letters, digits, "/" and "-". */
export function documentNumber(kind: TaxDocumentKind, year: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence >= 10 ** SEQUENCE_DIGITS)
    throw new Error(`Sequence ${sequence} is out of range`);
  const number = `${SERIES_PREFIX[kind]}/${year}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
  if (!NUMBER_PATTERN.test(number)) throw new Error(`${number} is not a valid document number`);
  return number;
}

/** A series in a year, e.g. UPS_26-27: the prefix of its numbers' documents (invoiceNumbers/UPS_26-27_000042). */
export const seriesId = (kind: TaxDocumentKind, year: string) => `${SERIES_PREFIX[kind]}_${year}`;

/** Rupees and paise for documents: 13,558.47 (Indian grouping, always two decimals). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${formatIndianNumber(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
