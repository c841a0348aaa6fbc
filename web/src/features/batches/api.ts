import type { BatchSummaryAnswer, BatchesAnswer, WaitlistAnswer } from '@upskill/domain/enrollment';
import { apiRequest } from '../../lib/api';

/** The offering's next 20 batches, or those starting on or after `from` (YYYY-MM-DD, India). */
/** An offering's batches; `campus` (an organisation's id, on its own page) adds its campus batches to the public ones. */
export function fetchBatches(offering: string, from = '', campus = ''): Promise<BatchesAnswer> {
  return apiRequest<BatchesAnswer>(
    `/api/batches?offering=${encodeURIComponent(offering)}${from ? `&from=${from}` : ''}${campus ? `&campus=${encodeURIComponent(campus)}` : ''}`,
  );
}

/** The cards of a page ask together: one request serves them, and the pages visited in the next 30 s. */
const SUMMARY_REUSE_MS = 30_000;
let summary: { at: number; answer: Promise<BatchSummaryAnswer | undefined> } | undefined;
export function fetchSummary(): Promise<BatchSummaryAnswer | undefined> {
  if (!summary || Date.now() - summary.at > SUMMARY_REUSE_MS) {
    summary = { at: Date.now(), answer: apiRequest<BatchSummaryAnswer>('/api/batches/summary').catch(() => undefined) };
  }
  return summary.answer;
}

export function joinWaitlist(
  batchId: string,
  person: { name: string; email: string; phone: string; plan?: string },
): Promise<WaitlistAnswer> {
  return apiRequest<WaitlistAnswer>(`/api/batches/${encodeURIComponent(batchId)}/waitlist`, { method: 'POST', body: person });
}
