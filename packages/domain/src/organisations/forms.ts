import { array, mixed, number, object, string, type InferType } from 'yup';
import { GST_STATES } from '../tax';
import { BATCH_TIMES, INTERESTED_COURSES, type BatchTime, type InterestedCourse } from '../common';
import { MAX_CAMPUS_DOMAINS, ORGANISATION_KINDS, organisationProblems, type OrganisationKind } from './organisations';
import { MAX_INVITATION_ROWS } from './invitations';
import { SEAT_PLANS, type SeatPlan } from './seats';
import { poNumberProblem, utrProblem } from './quotes';

// What the forms of teams and campuses send, shared by the site and the server (which validates strictly, then
// checks what needs the store: a GSTIN's state, the seats left, a batch).

const line = (max: number, required: string) => string().required(required).max(max, `At most ${max} characters.`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The organisation's details: the public page's form and the console's. GSTIN and domains are checked together. */
export const organisationSchema = object({
  kind: mixed<OrganisationKind>()
    .required('Choose a team or a campus.')
    .oneOf([...ORGANISATION_KINDS], 'Choose a team or a campus.'),
  legalName: line(200, 'Give the legal name, as it is registered (2 to 200 characters).'),
  address: line(500, 'Give the billing address in full (10 to 500 characters).'),
  state: string()
    .required('Choose the state or union territory of the billing address.')
    .oneOf(
      GST_STATES.map((s) => s.code),
      'Choose the state or union territory of the billing address.',
    ),
  gstin: string().nullable().defined().max(20, 'A GSTIN is 15 characters.'),
  domains: array(string().defined().max(253, 'A domain is at most 253 characters.'))
    .defined()
    .max(MAX_CAMPUS_DOMAINS, `Name at most ${MAX_CAMPUS_DOMAINS} domains.`),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('details', 'Check the details.', function check(value) {
    if (!value || !value.kind || !value.state) return true;
    const problems = organisationProblems({
      kind: value.kind,
      legalName: value.legalName ?? '',
      address: value.address ?? '',
      state: value.state,
      gstin: value.gstin?.trim() ? value.gstin : null,
      domains: value.domains ?? [],
    });
    const [field, message] = Object.entries(problems)[0] ?? [];
    return field ? this.createError({ path: field, message }) : true;
  });
export type OrganisationInput = InferType<typeof organisationSchema>;

/** POST /api/organisations: the public page asks for an organisation; staff confirm it. */
export const organisationRequestSchema = object({
  organisation: organisationSchema.required(),
  contactName: line(100, 'Give your name.'),
  message: string().defined().max(2000, 'At most 2,000 characters.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);
export type OrganisationRequestInput = InferType<typeof organisationRequestSchema>;

/** POST /api/team/{org}/quotes: what to buy. Prices are the server's. */
export const quoteRequestSchema = object({
  kind: mixed<'plan' | 'course'>()
    .required('Choose plan seats or course seats.')
    .oneOf(['plan', 'course'], 'Choose plan seats or course seats.'),
  planId: mixed<SeatPlan>()
    .optional()
    .oneOf([...SEAT_PLANS], 'Choose Pro, Platinum or Elite.'),
  batchId: string()
    .optional()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Choose a batch.'),
  seats: number()
    .required('How many seats?')
    .integer('A whole number of seats.')
    .min(5, 'Teams and campuses buy 5 seats or more.')
    .max(5000, 'At most 5,000 seats in one order.'),
  poNumber: string()
    .nullable()
    .defined()
    .test('po', 'A PO number is up to 40 letters, digits, spaces and / . _ -', (v) => !v || poNumberProblem(v) === undefined),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('subject', 'Choose what to buy.', function check(value) {
    if (value?.kind === 'plan' && !value.planId) return this.createError({ path: 'planId', message: 'Choose Pro, Platinum or Elite.' });
    if (value?.kind === 'course' && !value.batchId) return this.createError({ path: 'batchId', message: 'Choose a batch.' });
    return true;
  });
export type QuoteRequestInput = InferType<typeof quoteRequestSchema>;

/** POST /api/team/{org}/orders/{id}/invitations: addresses typed one by one, or a CSV file's text. */
export const invitationsSchema = object({
  // Each address is checked with the file's rules (readInvitationFile), so a bad one is named by its row.
  emails: array(string().defined().max(254, 'An e-mail address is at most 254 characters.'))
    .optional()
    .max(MAX_INVITATION_ROWS, `At most ${MAX_INVITATION_ROWS} addresses at once.`),
  csv: string().optional().max(60_000, 'The file is too large: at most 500 rows and 60 KB.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('one', 'Give addresses or a CSV file.', function check(value) {
    const given = (value?.emails ? 1 : 0) + (value?.csv !== undefined ? 1 : 0);
    return given === 1 ? true : this.createError({ path: 'emails', message: 'Give addresses or a CSV file, not both.' });
  });
export type InvitationsInput = InferType<typeof invitationsSchema>;

/** POST /api/team/{org}/orders/{id}/codes: single-use codes, each holding one seat. */
export const codesSchema = object({
  count: number()
    .required('How many codes?')
    .integer('A whole number.')
    .min(1, 'At least one code.')
    .max(100, 'At most 100 codes at once.'),
  days: number().optional().integer('A whole number of days.').min(1, 'At least a day.').max(365, 'At most a year.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/team/{org}/admins: another admin, by e-mail. */
export const adminSchema = object({
  email: string()
    .required('Give their e-mail address.')
    .max(254, 'Give a valid e-mail address.')
    .matches(EMAIL, 'Give a valid e-mail address.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/seats/claim: one of an invitation (seat and its link's token), a code, or a campus's join key. */
export const claimSchema = object({
  seatId: string()
    .optional()
    .matches(/^[A-Za-z0-9_-]{1,80}$/, 'This invitation link is not valid.'),
  token: string()
    .optional()
    .matches(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.'),
  code: string().optional().max(20, 'A code is 10 letters and digits.'),
  joinKey: string()
    .optional()
    .matches(/^[A-Za-z0-9_-]{10,64}$/, 'This join link is not valid.'),
  /** What the enrollment form asks too: the programme they came for (their starter lessons), and for a plan seat, when they can attend. */
  interestedCourse: mixed<InterestedCourse>()
    .required('Choose the programme you are most interested in.')
    .oneOf([...INTERESTED_COURSES], 'Choose the programme you are most interested in.'),
  preferredBatchTime: mixed<BatchTime>()
    .optional()
    .oneOf([...BATCH_TIMES], 'Choose when you can attend.'),
  /** The learner has read that their progress is shared with the organisation. */
  shareProgress: mixed<true>()
    .required('Agree to share your progress with your organisation to take the seat.')
    .oneOf([true], 'Agree to share your progress with your organisation to take the seat.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('one', 'Use an invitation, a code or a join link.', function check(value) {
    const ways = [value?.seatId !== undefined || value?.token !== undefined, value?.code !== undefined, value?.joinKey !== undefined];
    if (ways.filter(Boolean).length !== 1) return this.createError({ path: 'code', message: 'Use an invitation, a code or a join link.' });
    if (ways[0] && (!value?.seatId || !value?.token))
      return this.createError({ path: 'token', message: 'This invitation link is not valid.' });
    return true;
  });
export type ClaimInput = InferType<typeof claimSchema>;

/** Staff: a price per seat (paise) for an order of 100 seats or more. */
export const seatPriceSchema = object({
  seatPrice: number().required('Give the price per seat.').integer('In paise.').min(100, 'At least a rupee.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Staff: a bank transfer received, with its UTR. */
export const transferSchema = object({
  utr: string()
    .required('Give the UTR.')
    .test(
      'utr',
      'A UTR is 16 characters (NEFT), 22 (RTGS) or 12 digits (IMPS), as the bank statement shows it.',
      (v) => !!v && !utrProblem(v),
    ),
  date: string().required('Give the day it arrived.').matches(DAY, 'Give the day it arrived (YYYY-MM-DD).'),
  amount: number().required('Give the amount in paise.').integer('In paise.').min(1, 'Give the amount received.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** Staff: TDS the buyer deducted (paise), and later its certificate's number. */
export const tdsSchema = object({
  amount: number().optional().integer('In paise.').min(1, 'Give the TDS deducted.'),
  certificate: string()
    .optional()
    .matches(/^[A-Za-z0-9/-]{4,30}$/, 'Give the TDS certificate number (Form 16A), as printed.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('one', 'Give the TDS deducted or its certificate.', function check(value) {
    return value?.amount !== undefined || value?.certificate !== undefined
      ? true
      : this.createError({ path: 'amount', message: 'Give the TDS deducted or its certificate.' });
  });

/** Staff: cancel unclaimed seats before they start (a credit note). */
export const cancelSeatsSchema = object({
  seats: number().required('How many seats?').integer('A whole number.').min(1, 'At least one seat.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);
