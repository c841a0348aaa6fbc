import { isStaffClaims } from '@upskill/domain/staff';
import type { TaxDocumentKind } from '@upskill/domain/tax';
import { taxDocumentFilename } from '@upskill/domain/tax';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { loadEnrollment } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { taxDocuments } from './store';

/**
 * GET /api/enroll/{id}/invoice.pdf and /credit-note.pdf: the enrollment's owner (its edit token, or the
 * signed-in owner) or staff. Anyone else gets 403; an enrollment without such a document, 404.
 */
export async function taxDocumentDownload(req: HttpRequest, id: string, kind: TaxDocumentKind): Promise<{ pdf: Buffer; filename: string }> {
  const caller = await enrollmentCaller(req, 'Downloading an invoice of');
  await enforceRateLimit('enroll-read', req, caller.account?.uid);
  const { doc } = await loadEnrollment(id);
  if (!(caller.account && isStaffClaims(caller.account))) assertAccess(caller, doc, 'view');
  const summary = kind === 'invoice' ? doc.invoice : doc.creditNote;
  if (!summary)
    throw new HttpError(
      'not-found',
      kind === 'invoice'
        ? 'This enrollment has no tax invoice: it has not been paid.'
        : 'This enrollment has no credit note: it has not been refunded.',
    );
  const stored = (await withDeadline(taxDocuments().doc(summary.id).get())).data();
  if (!stored) throw new HttpError('not-found', 'That document could not be found.');
  // pdfkit and its fonts are loaded on the first download only: every other request of this instance
  // (and each cold start of the API) is spared about 90 ms of module loading.
  const { taxDocumentPdf } = await import('./pdf');
  return { pdf: await taxDocumentPdf(stored), filename: taxDocumentFilename(kind, stored.number) };
}
