import { defineString } from 'firebase-functions/params';
import type { Supplier } from '@upskill/domain/records';
import { gstinProblem, gstinStateCode } from '@upskill/domain/tax';

/**
 * Who issues our tax invoices: configuration (functions/.env, or .env.<project> for a deploy), not code,
 * so a move of the registered office or a new LUT for the year is a config change. Each document keeps
 * a copy of what was configured when it was issued.
 */
const LEGAL_NAME = defineString('SUPPLIER_LEGAL_NAME', { description: 'The legal name registered for GST' });
const ADDRESS = defineString('SUPPLIER_ADDRESS', { description: 'The principal place of business, as registered' });
const GSTIN = defineString('SUPPLIER_GSTIN', { description: 'Our GSTIN; its first two digits are our state' });
const LUT = defineString('SUPPLIER_LUT', { description: 'The ARN of this year’s Letter of Undertaking, for exports without IGST' });

export function supplier(): Supplier {
  const gstin = GSTIN.value();
  // A wrong GSTIN would be printed on every invoice: refuse to issue any rather than issue wrong ones.
  const problem = gstinProblem(gstin);
  if (problem) throw new Error(`SUPPLIER_GSTIN is not valid: ${problem}`);
  return { legalName: LEGAL_NAME.value(), address: ADDRESS.value(), gstin, stateCode: gstinStateCode(gstin), lut: LUT.value() };
}
