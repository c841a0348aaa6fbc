import { confirmPayment, startCheckout } from '../checkout/checkout';
import { spendCredit } from '../credits/spend';
import { lookupReferralCode } from '../credits/referrals';
import { createEnrollment } from '../enrollment/create';
import { listOwnEnrollments } from '../enrollment/list';
import { readEnrollment } from '../enrollment/read';
import { enrollmentNotFound } from '../enrollment/store';
import { updateEnrollment } from '../enrollment/update';
import { resendGuardianMail } from '../guardians/decisions';
import type { RateLimitedAction } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { routeTable, type Method, type Route } from '../http/routes';
import { saveBilling } from '../invoices/billing';
import { taxDocumentDownload } from '../invoices/download';
import { cancelSubscription } from '../subscriptions/cancel';
import { switchOwnCourse } from '../switching/switchCourse';
import { confirmSwitchPayment, startSwitchCheckout } from '../switching/switchPayment';

/**
 * An enrollment is its owner's: a signed-in account whose verified e-mail it bears, or whoever holds one of
 * its edit tokens (X-Edit-Token). Each capability checks that against the record it reads.
 */
const owner = { kind: 'checked-by', who: 'its owner or an edit token' } as const;

/** One of an enrollment's own routes: its owner (or an edit token) checked by the capability, which counts the limit. */
const owned = (
  method: Method,
  path: string,
  action: RateLimitedAction,
  answer: (req: HttpRequest, id: string) => Promise<unknown>,
  status = 200,
): Route => ({
  method,
  path,
  auth: owner,
  rateLimit: { action, by: 'capability' },
  handle: async ({ req, res, params }) => void res.status(status).json(await answer(req, params.id)),
});

/** GET /api/enroll/{id}/{invoice|credit-note}.pdf: the enrollment's GST document, as an attachment. */
const taxDocument = (path: string, kind: 'invoice' | 'credit-note'): Route => ({
  method: 'GET',
  path,
  auth: owner,
  rateLimit: { action: 'enroll-read', by: 'capability' },
  handle: async ({ req, res, params }) => {
    const { pdf, filename } = await taxDocumentDownload(req, params.id, kind);
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `attachment; filename="${filename}"`);
    res.set('Cache-Control', 'private, no-store');
    res.status(200).send(pdf);
  },
});

/** /api/enroll/**: enrollments, and what their owner does with one (pay, cancel, spend a credit, billing, GST documents). */
export const ENROLL_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/enroll',
    auth: { kind: 'account', what: 'see your courses' },
    rateLimit: { action: 'enroll-list', by: 'capability' },
    // Counted after the ?email= check: asking for someone else's list is refused outright.
    handle: async ({ req, res, account }) => void res.status(200).json(await listOwnEnrollments(req, account!)),
  },
  {
    method: 'POST',
    path: '/api/enroll',
    auth: { kind: 'checked-by', who: 'anyone (an account if signed in)' },
    rateLimit: { action: 'enroll', by: 'capability' },
    handle: async ({ req, res }) => {
      const { status, record } = await createEnrollment(req);
      res.status(status).json(record);
    },
  },
  {
    // A friend's referral link, looked up by the enrollment page: whose it is (first name) and what it takes off.
    method: 'GET',
    path: '/api/enroll/referrals/:code',
    auth: { kind: 'anyone' },
    rateLimit: { action: 'enroll-read', by: 'router' },
    handle: async ({ res, params }) => void res.status(200).json(await lookupReferralCode(params.code)),
  },
  owned('GET', '/api/enroll/:id', 'enroll-read', readEnrollment),
  owned('PUT', '/api/enroll/:id', 'enroll-edit', updateEnrollment),
  owned('PUT', '/api/enroll/:id/billing', 'enroll-edit', saveBilling),
  taxDocument('/api/enroll/:id/invoice.pdf', 'invoice'),
  taxDocument('/api/enroll/:id/credit-note.pdf', 'credit-note'),
  owned('POST', '/api/enroll/:id/guardian', 'guardian', resendGuardianMail),
  owned('POST', '/api/enroll/:id/credits', 'enroll-edit', spendCredit, 201),
  owned('POST', '/api/enroll/:id/cancel', 'enroll-edit', cancelSubscription),
  owned('POST', '/api/enroll/:id/switch', 'enroll-edit', switchOwnCourse),
  // A dearer course: the difference's order (the new batch's seat held meanwhile), then the browser's report of it paid.
  owned('POST', '/api/enroll/:id/switch/checkout', 'checkout', startSwitchCheckout),
  owned('POST', '/api/enroll/:id/switch/payment', 'payment-confirm', confirmSwitchPayment),
  owned('POST', '/api/enroll/:id/checkout', 'checkout', startCheckout),
  owned('POST', '/api/enroll/:id/payment', 'payment-confirm', confirmPayment),
];

export const handleEnroll = routeTable('enroll', ENROLL_ROUTES, enrollmentNotFound);
