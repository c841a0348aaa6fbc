import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { BATCH_TIMES, CONTACT_COURSES, INTERESTED_COURSES, PRIVACY_REQUEST_TOPIC, MESSAGES } from '../common';
import { CUSTOM_PLAN, PLAN_IDS, COURSES } from '../catalogue';
import { GST_STATES, OUTSIDE_INDIA } from '../tax';
import {
  ACCOUNT_TICKET_PATTERN,
  DELETE_CONFIRMATION,
  AGE_DECLARATIONS,
  CONSENT_ID_PATTERN,
  GUARDIAN_DECISIONS,
  GUARDIAN_MESSAGES,
  GUARDIAN_TOKEN_PATTERN,
  type AgeDeclaration,
} from '../account';

/**
 * Validation shared by the forms and the functions. The schemas never transform input
 * (they are run with `strict: true`), so a wrong type is an error rather than being coerced;
 * `normalise*` below trims what passed.
 */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MOBILE_PATTERN = /^[\d+\-\s()]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
// C0 control characters and DEL; multi-line text may still hold tab and newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F]/;
/**
 * Invisible formatting characters that make stored text read differently from what it is: bidi
 * embeddings, overrides and isolates (U+202A-202E, U+2066-2069) can reverse a name in a staff list or
 * an e-mail, and zero-width characters (U+200B-200F) make two identical-looking names differ.
 */
export const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/;
const UNSUPPORTED = 'Please remove unsupported characters';

export { MESSAGES };

const notBlank = () => (value: string | undefined) => typeof value === 'string' && value.trim().length > 0;
const singleLine = (max: number) =>
  string()
    .max(max, `Please keep this under ${max} characters`)
    .test('single-line', UNSUPPORTED, (v) => v === undefined || !(SINGLE_LINE_CONTROL.test(v) || INVISIBLE_FORMATTING.test(v)));

const emailField = () =>
  singleLine(254)
    .required('Email is required')
    .test('not-blank', 'Email is required', notBlank())
    .test('email', 'Please enter a valid email', (v) => v === undefined || v.trim() === '' || EMAIL_PATTERN.test(v.trim()));

export const contactSchema = object({
  fullName: singleLine(100).required('Full Name is required').test('not-blank', 'Full Name is required', notBlank()),
  email: emailField(),
  mobile: singleLine(20)
    .required('Mobile number is required')
    .test('not-blank', 'Mobile number is required', notBlank())
    .test('mobile', 'Please enter a valid mobile number', (v) => {
      if (v === undefined || v.trim() === '') return true;
      const digits = v.replace(/\D/g, '').length;
      return MOBILE_PATTERN.test(v.trim()) && digits >= 7 && digits <= 15;
    }),
  courseInterest: string()
    .optional()
    .oneOf([...CONTACT_COURSES, PRIVACY_REQUEST_TOPIC, ''], 'Please choose a course from the list'),
  message: string()
    .max(5000, 'Please keep your message under 5000 characters')
    .required('Please enter your message')
    .test('not-blank', 'Please enter your message', notBlank())
    .test('plain-text', UNSUPPORTED, (v) => v === undefined || !(CONTROL_CHARS.test(v) || INVISIBLE_FORMATTING.test(v))),
  /** Honeypot: people never see it, so anything in it marks a bot. */
  website: string().optional().max(200),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);
export type ContactInput = InferType<typeof contactSchema>;

/** The footer's newsletter sign-up: an address, and the same honeypot as the contact form. */
export const newsletterSchema = object({
  email: emailField(),
  website: string().optional().max(200),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

const courseIds = COURSES.map((c) => c.id);

/** The fields a person types into the enrollment form: the form and the server validate them the same way. */
const personFields = {
  name: singleLine(100).required('Please enter your name').test('not-blank', 'Please enter your name', notBlank()),
  collegeName: singleLine(150).required('Please enter your college name').test('not-blank', 'Please enter your college name', notBlank()),
  email: singleLine(254)
    .required('Please enter a valid email')
    .test('email', 'Please enter a valid email', (v) => typeof v === 'string' && EMAIL_PATTERN.test(v.trim())),
  phone: string()
    .required('Please enter a 10-digit phone number')
    .test('phone', 'Please enter a 10-digit phone number', (v) => typeof v === 'string' && PHONE_PATTERN.test(v.trim())),
  interestedCourse: string()
    .required('Please choose a course')
    .oneOf([...INTERESTED_COURSES], 'Please choose a course'),
  preferredBatchTime: string()
    .required('Please choose a batch time')
    .oneOf([...BATCH_TIMES], 'Please choose a batch time'),
  /** "I am 18 or older" or "I am under 18": under 18, a parent or guardian must consent before payment. */
  ageDeclaration: string()
    .required(GUARDIAN_MESSAGES.required)
    .oneOf([...AGE_DECLARATIONS], GUARDIAN_MESSAGES.required),
  guardianName: singleLine(100).when('ageDeclaration', {
    is: 'minor',
    then: (s) => s.required(GUARDIAN_MESSAGES.nameRequired).test('not-blank', GUARDIAN_MESSAGES.nameRequired, notBlank()),
    otherwise: (s) => s.optional(),
  }),
  guardianEmail: singleLine(254).when('ageDeclaration', {
    is: 'minor',
    then: (s) =>
      s
        .required(GUARDIAN_MESSAGES.emailRequired)
        .test('email', GUARDIAN_MESSAGES.emailRequired, (v) => typeof v === 'string' && EMAIL_PATTERN.test(v.trim()))
        .test('not-own', GUARDIAN_MESSAGES.emailSame, function (v) {
          const own = (this.parent as { email?: unknown }).email;
          return typeof v !== 'string' || typeof own !== 'string' || v.trim().toLowerCase() !== own.trim().toLowerCase();
        }),
    otherwise: (s) => s.optional(),
  }),
};

export const enrollmentFormSchema = object(personFields).strict(true);
export type EnrollmentFormValues = InferType<typeof enrollmentFormSchema>;

/** The API body: the person's fields plus what they enroll in. */
export const enrollmentSchema = object({
  ...personFields,
  planName: singleLine(120).optional(),
  planId: string()
    .optional()
    .oneOf([...PLAN_IDS], 'Unknown plan'),
  courseId: number().optional().integer('Unknown course').oneOf(courseIds, 'Unknown course'),
  /** The Custom plan's courses: required for it, refused for anything else. */
  courseIds: array(number().integer('Unknown course').oneOf(courseIds, 'Unknown course').defined())
    .optional()
    .min(CUSTOM_PLAN.minCourses, MESSAGES.customCourses)
    .max(CUSTOM_PLAN.maxCourses, MESSAGES.customCourses)
    .test('distinct', MESSAGES.customCourses, (ids) => ids === undefined || new Set(ids).size === ids.length),
  coupon: singleLine(40).optional(),
  /** The batch to hold a seat in. Without one, the next open batch of the offering at the chosen time. */
  batchId: string()
    .optional()
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Please choose a batch'),
  /** A friend's referral code, from their link (/pricing?ref=…): checked by the server, which says what is wrong with it. */
  referralCode: singleLine(20).optional(),
  /** A waitlist offer link's "{entry}.{token}", which lets this enrollment take the seat it holds. */
  waitlistOffer: singleLine(120).optional(),
  // Older clients send the price and features they showed; accepted for compatibility and never trusted.
  price: mixed<number | string>()
    .optional()
    .test('price', 'Invalid price', (v) => v === undefined || typeof v === 'number' || typeof v === 'string'),
  features: array(string().max(200).defined()).optional().max(20),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true)
  .test('one-offer', 'Choose a plan or a course', (v) => (v.planId === undefined) !== (v.courseId === undefined))
  .test('custom-courses', MESSAGES.customCourses, function (v) {
    if ((v.planId === CUSTOM_PLAN.id) === (v.courseIds !== undefined)) return true;
    return this.createError({ path: 'courseIds', message: MESSAGES.customCourses });
  });
export type EnrollmentInput = InferType<typeof enrollmentSchema>;
/**
 * What the site sends to POST and PUT /api/enroll: the person and what they enroll in. The server
 * derives the plan's name, price and features itself (planName, price and features from older pages
 * are accepted and ignored).
 */
export type EnrollmentRequest = Omit<EnrollmentInput, 'planName' | 'price' | 'features' | 'planId'> & { planId?: string };

/** POST /api/batches/{id}/waitlist: the same person fields as the form, validated the same way. */
export const waitlistSchema = object({
  name: personFields.name,
  email: personFields.email,
  phone: personFields.phone,
  /** For a programme's batch: the plan the person was looking at, so the offer link opens that plan's form. */
  plan: string()
    .optional()
    .oneOf(
      PLAN_IDS.filter((id) => id !== CUSTOM_PLAN.id),
      'Unknown plan',
    ),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);
export type WaitlistInput = InferType<typeof waitlistSchema>;

export function normaliseWaitlist(input: WaitlistInput) {
  return { name: input.name.trim(), email: input.email.trim().toLowerCase(), phone: input.phone.trim() };
}

/** What checkout hands back (Razorpay's ids and the HMAC-SHA256 hex signature), checked before any lookup. */
export const checkoutResultSchema = object({
  razorpay_order_id: string()
    .required('Missing order id')
    .matches(/^order_[A-Za-z0-9]{1,40}$/, 'Invalid order id'),
  razorpay_payment_id: string()
    .required('Missing payment id')
    .matches(/^pay_[A-Za-z0-9]{1,40}$/, 'Invalid payment id'),
  razorpay_signature: string()
    .required('Missing signature')
    .matches(/^[a-f0-9]{64}$/, 'Invalid signature'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

export const subscriptionResultSchema = object({
  razorpay_subscription_id: string()
    .required('Missing subscription id')
    .matches(/^sub_[A-Za-z0-9]{1,40}$/, 'Invalid subscription id'),
  razorpay_payment_id: string()
    .required('Missing payment id')
    .matches(/^pay_[A-Za-z0-9]{1,40}$/, 'Invalid payment id'),
  razorpay_signature: string()
    .required('Missing signature')
    .matches(/^[a-f0-9]{64}$/, 'Invalid signature'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

export function normaliseEnrollment(input: EnrollmentInput) {
  return {
    name: input.name.trim(),
    collegeName: input.collegeName.trim(),
    email: input.email.trim().toLowerCase(),
    phone: input.phone.trim(),
    interestedCourse: input.interestedCourse,
    preferredBatchTime: input.preferredBatchTime,
  };
}

/** The declaration and, under 18, the guardian to ask (trimmed; the address lower-cased). */
export function normaliseGuardian(input: Pick<EnrollmentInput, 'ageDeclaration' | 'guardianName' | 'guardianEmail'>): {
  ageDeclaration: AgeDeclaration;
  guardian: { name: string; email: string } | null;
} {
  const ageDeclaration = input.ageDeclaration as AgeDeclaration;
  if (ageDeclaration !== 'minor') return { ageDeclaration, guardian: null };
  return { ageDeclaration, guardian: { name: (input.guardianName ?? '').trim(), email: (input.guardianEmail ?? '').trim().toLowerCase() } };
}

export function normaliseContact(input: ContactInput) {
  return {
    fullName: input.fullName.trim(),
    email: input.email.trim().toLowerCase(),
    mobile: input.mobile.trim(),
    courseInterest: input.courseInterest ?? '',
    message: input.message.trim(),
  };
}

/** POST /api/certificates/{code}/visibility: the learner lets search engines index their certificate's page, or not. */
export const certificateVisibilitySchema = object({ public: boolean().optional(), showLinks: boolean().optional() })
  .noUnknown(true, 'Unknown field.')
  .strict(true)
  .test('one', 'Say public or private.', (v) => v.public !== undefined || v.showLinks !== undefined);

/**
 * PUT /api/enroll/{id}/billing: the buyer's state (or abroad, with a country) and, for a business, its
 * GSTIN and registered name. Format and checksum, and the GSTIN's state against the chosen one, are
 * checked by `billingProblems` (tax.ts) after this.
 */
export const billingSchema = object({
  state: string()
    .required('Please choose your state or union territory.')
    .oneOf([...GST_STATES.map((s) => s.code), OUTSIDE_INDIA], 'Please choose your state or union territory.'),
  country: singleLine(60).nullable().defined('Please enter your country.'),
  gstin: string().nullable().defined().max(20, 'A GSTIN is 15 characters.'),
  businessName: singleLine(120).nullable().defined(),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);
export type BillingInput = InferType<typeof billingSchema>;

// ---------------------------------------------------------------------------------------------------
// Account mail (account.ts).

/** An account's address: a valid e-mail of at most 254 characters (RFC 5321's limit). */
export const accountEmail = (required: string) =>
  string()
    .required(required)
    .max(254, 'Please enter a valid e-mail address')
    .test('email', 'Please enter a valid e-mail address', (v) => typeof v === 'string' && EMAIL_PATTERN.test(v.trim()));

/** POST /api/account/password-reset. */
export const passwordResetRequestSchema = object({
  email: accountEmail('Please enter your e-mail'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/account/action. */
export const accountActionSchema = object({
  ticket: string().required('This link is not valid.').matches(ACCOUNT_TICKET_PATTERN, 'This link is not valid.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** DELETE /api/me: the typed confirmation. */
export const deleteAccountSchema = object({
  confirm: string()
    .required(`Please type ${DELETE_CONFIRMATION} to confirm`)
    .oneOf([DELETE_CONFIRMATION], `Please type ${DELETE_CONFIRMATION} to confirm`),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/me/email: the address to change to. */
export const changeEmailSchema = object({
  newEmail: accountEmail('Please enter the new e-mail address'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

// ---------------------------------------------------------------------------------------------------
// Consents and guardians (consents.ts).

/** POST /api/me/consents: the account terms, agreed to at registration or sign-in. */
export const recordConsentSchema = object({
  kind: string().required('Say which consent.').oneOf(['account-terms'], 'Only the account terms are agreed to here.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/me/consents/{id}/withdraw takes no body; the id is checked against this. */
export const consentIdValid = (id: string) => CONSENT_ID_PATTERN.test(id);

/** POST /api/account/guardian/{enrollmentId}: the guardian's answer, with the link's token. */
export const guardianDecisionSchema = object({
  token: string().required(GUARDIAN_MESSAGES.linkInvalid).matches(GUARDIAN_TOKEN_PATTERN, GUARDIAN_MESSAGES.linkInvalid),
  decision: string()
    .required('Please choose.')
    .oneOf([...GUARDIAN_DECISIONS], 'Please choose.'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

// ---------------------------------------------------------------------------------------------------
// Course credits (entitlements.ts).

/** POST /api/enroll/{id}/credits: the batch a credit is spent on. */
export const spendCreditSchema = object({
  batchId: string()
    .required('Choose a batch')
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Choose a batch'),
})
  .noUnknown('Unexpected field: ${unknown}')
  .strict(true);

/** POST /api/enroll/{id}/switch and POST /api/staff/enrollments/{id}/switch: a batch of the course or programme to switch to. */
export const switchCourseSchema = object({
  batchId: string()
    .required('Choose a batch.')
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Choose a batch.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);
export type SwitchCourseRequest = InferType<typeof switchCourseSchema>;
