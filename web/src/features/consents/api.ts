import type { User } from 'firebase/auth';
import type { ConsentList } from '@upskill/domain/account';
import { apiRequest, bearerHeader } from '../../lib/api';

// The consents we hold about a signed-in account, read and withdrawn through our API with a fresh token.

/** The consents we hold about the account (GET /api/me/consents). */
export async function fetchConsents(user: User): Promise<ConsentList> {
  return apiRequest<ConsentList>('/api/me/consents', { headers: await bearerHeader(user) });
}

/** Withdraws one consent, in one click (POST /api/me/consents/{id}/withdraw). */
export async function withdrawConsent(user: User, id: string): Promise<ConsentList> {
  return apiRequest<ConsentList>(`/api/me/consents/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    body: {},
    headers: await bearerHeader(user),
  });
}
