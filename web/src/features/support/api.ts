import type { SupportAnswer, SupportRequestView, SupportMessageInput, SupportRequestInput } from '@upskill/domain/support';
import { apiRequest, bearerHeader } from '../../lib/api';

export type Signed = { getIdToken(): Promise<string> };

export const fetchSupport = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<SupportAnswer>('/api/support', { headers: await bearerHeader(user), signal, retries: 2 });

// The form keeps one key until it succeeds, so a resend after a lost answer is the same request.
export const openSupportRequest = async (user: Signed, body: SupportRequestInput, idempotencyKey: string) =>
  apiRequest<SupportRequestView>('/api/support', {
    method: 'POST',
    body,
    headers: { ...(await bearerHeader(user)), 'Idempotency-Key': idempotencyKey },
    retries: 2,
  });

// Not retried: a resend after a lost answer would add the message twice.
export const writeSupportMessage = async (user: Signed, id: string, body: SupportMessageInput) =>
  apiRequest<SupportRequestView>(`/api/support/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
  });
