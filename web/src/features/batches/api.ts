import type { BatchSummaryAnswer, BatchesAnswer, WaitlistAnswer } from '@upskill/domain/api';
import { apiRequest } from '../../lib/api';

export function fetchBatches(offering: string): Promise<BatchesAnswer> {
  return apiRequest<BatchesAnswer>(`/api/batches?offering=${encodeURIComponent(offering)}`);
}

let summary: Promise<BatchSummaryAnswer | undefined> | undefined;
/** One request per page view, whatever number of cards ask (the CDN keeps the answer a minute). */
export function fetchSummary(): Promise<BatchSummaryAnswer | undefined> {
  summary ??= apiRequest<BatchSummaryAnswer>('/api/batches/summary').catch(() => undefined);
  return summary;
}

export function joinWaitlist(batchId: string, person: { name: string; email: string; phone: string; plan?: string }): Promise<WaitlistAnswer> {
  return apiRequest<WaitlistAnswer>(`/api/batches/${encodeURIComponent(batchId)}/waitlist`, { method: 'POST', body: person });
}
