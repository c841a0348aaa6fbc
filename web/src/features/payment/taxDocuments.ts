import type { TaxDocumentKind } from '@upskill/domain/tax';
import { ApiError } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';
import { credentialHeaders, type PaymentCredentials } from './api';

/**
 * Fetches an enrollment's GST invoice or credit note (a PDF the API serves only to its owner or staff)
 * with the caller's credentials, and hands it to the browser as a download. A plain link cannot carry
 * the edit token or the ID token, which is why this is a button.
 */
export async function downloadTaxDocument(
  enrollmentId: string,
  kind: TaxDocumentKind,
  credentials: PaymentCredentials,
  filename: string,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  for (const [name, value] of Object.entries(await credentialHeaders(credentials))) if (value) headers[name] = value;
  const res = await fetch(`/api/enroll/${encodeURIComponent(enrollmentId)}/${kind}.pdf`, { headers, credentials: 'same-origin' });
  if (!res.ok)
    throw new ApiError(
      res.status,
      res.status === 404 ? 'This document is not available yet.' : 'We could not download the document. Please try again.',
    );
  saveFile(await res.blob(), filename);
}
