import type { TaxDocumentKind } from '@upskill/domain/tax';
import { ApiError } from '../../lib/api';
import type { PaymentCredentials } from './api';

/**
 * Fetches an enrollment's GST invoice or credit note (a PDF the API serves only to its owner or staff)
 * with the caller's credentials, and hands it to the browser as a download. A plain link cannot carry
 * the edit token or the ID token, which is why this is a button.
 */
export async function downloadTaxDocument(enrollmentId: string, kind: TaxDocumentKind, credentials: PaymentCredentials, filename: string): Promise<void> {
  const idToken = credentials.editToken ? undefined : await credentials.getIdToken?.();
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  if (credentials.editToken) headers['X-Edit-Token'] = credentials.editToken;
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const res = await fetch(`/api/enroll/${encodeURIComponent(enrollmentId)}/${kind}.pdf`, { headers, credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'This document is not available yet.' : 'We could not download the document. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const taxDocumentFilename = (kind: TaxDocumentKind, number: string) => `${kind === 'invoice' ? 'upskill-invoice' : 'upskill-credit-note'}-${number.replace(/\//g, '-')}.pdf`;
