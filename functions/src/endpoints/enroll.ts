import { confirmPayment, startCheckout } from '../checkout/checkout';
import { spendCredit } from '../credits/spend';
import { createEnrollment } from '../enrollment/create';
import { listOwnEnrollments } from '../enrollment/list';
import { readEnrollment } from '../enrollment/read';
import { enrollmentNotFound } from '../enrollment/store';
import { updateEnrollment } from '../enrollment/update';
import { resendGuardianMail } from '../guardians/decisions';
import { routeTable, type Route } from '../http/routes';
import { saveBilling } from '../invoices/billing';
import { taxDocumentDownload } from '../invoices/download';
import { cancelSubscription } from '../subscriptions/cancel';

/**
 * An enrollment is its owner's: a signed-in account whose verified e-mail it bears, or whoever holds one of
 * its edit tokens (X-Edit-Token). Each capability checks that against the record it reads.
 */
const owner = { kind: 'checked-by', who: 'its owner or an edit token' } as const;

async function sendTaxDocument({ req, res, params }: Parameters<Route['handle']>[0], kind: 'invoice' | 'credit-note') {
  const { pdf, filename } = await taxDocumentDownload(req, params.id, kind);
  res.set('Content-Type', 'application/pdf');
  res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.set('Cache-Control', 'private, no-store');
  res.status(200).send(pdf);
}

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
    method: 'GET',
    path: '/api/enroll/:id',
    auth: owner,
    rateLimit: { action: 'enroll-read', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await readEnrollment(req, params.id)),
  },
  {
    method: 'PUT',
    path: '/api/enroll/:id',
    auth: owner,
    rateLimit: { action: 'enroll-edit', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await updateEnrollment(req, params.id)),
  },
  {
    method: 'PUT',
    path: '/api/enroll/:id/billing',
    auth: owner,
    rateLimit: { action: 'enroll-edit', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await saveBilling(req, params.id)),
  },
  {
    method: 'GET',
    path: '/api/enroll/:id/invoice.pdf',
    auth: owner,
    rateLimit: { action: 'enroll-read', by: 'capability' },
    handle: (call) => sendTaxDocument(call, 'invoice'),
  },
  {
    method: 'GET',
    path: '/api/enroll/:id/credit-note.pdf',
    auth: owner,
    rateLimit: { action: 'enroll-read', by: 'capability' },
    handle: (call) => sendTaxDocument(call, 'credit-note'),
  },
  {
    method: 'POST',
    path: '/api/enroll/:id/guardian',
    auth: owner,
    rateLimit: { action: 'guardian', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await resendGuardianMail(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/enroll/:id/credits',
    auth: owner,
    rateLimit: { action: 'enroll-edit', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(201).json(await spendCredit(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/enroll/:id/cancel',
    auth: owner,
    rateLimit: { action: 'enroll-edit', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await cancelSubscription(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/enroll/:id/checkout',
    auth: owner,
    rateLimit: { action: 'checkout', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await startCheckout(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/enroll/:id/payment',
    auth: owner,
    rateLimit: { action: 'payment-confirm', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await confirmPayment(req, params.id)),
  },
];

export const handleEnroll = routeTable('enroll', ENROLL_ROUTES, enrollmentNotFound);
