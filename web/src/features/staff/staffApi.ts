import type { ReviewFiguresAnswer } from '@upskill/domain/assignments';
import type { ResendKind, RosterEntry, StaffActionAnswer, StaffBatch, TeamAccess, TeamAnswer } from '@upskill/domain/staff';
import type { AdvisorAnswer, PlacementView, StaffMentoringAnswer, StaffPlacementsAnswer } from '@upskill/domain/mentoring';
import type { StaffContactFigures, StaffSupportAnswer, StaffSupportRequest } from '@upskill/domain/support';
import type { StaffQaAnswer } from '@upskill/domain/qa';
import type { StaffRecordingsAnswer } from '@upskill/domain/learning';
import type { StaffOrganisations } from '@upskill/domain/organisations';
import { ApiError, apiRequest, failureMessage } from '../../lib/api';
import type { ReferralFigures } from '@upskill/domain/referrals';
import type { MonthReport } from '@upskill/domain/finance';

/** What a console action's failure says: the server's message, or that the request never arrived. */
export const actionFailure = (err: unknown): string =>
  failureMessage(err, 'The request did not reach the server. Check your connection and try again.');

type Token = () => Promise<string>;

/**
 * A console read. Sent again up to twice after a busy answer, as the learner pages' reads are: a read is safe to
 * repeat, and staff should not meet "temporarily unavailable" where waiting a second would have done.
 */
const get = async <T>(path: string, token: Token) =>
  apiRequest<T>(path, { headers: { Authorization: `Bearer ${await token()}` }, retries: 2 });

/**
 * A console action. `retries` only for one the server takes again safely after a busy answer (decision 0028:
 * a 503 wrote nothing; the action itself finishes what an earlier try began, or refuses a repeat).
 */
const post = async (path: string, token: Token, body: unknown, retries = 0) =>
  apiRequest<StaffActionAnswer>(path, { method: 'POST', body, headers: { Authorization: `Bearer ${await token()}` }, retries });

const id = encodeURIComponent;

export const markHandled = (token: Token, messageId: string, note: string) =>
  post(`/api/staff/messages/${id(messageId)}/handled`, token, { note });
export const resend = (token: Token, enrollmentId: string, mail: ResendKind) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/resend`, token, { mail });
export const refund = (token: Token, enrollmentId: string, reason: string) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/refund`, token, { reason });
export const listTeam = (token: Token) => get<TeamAnswer>('/api/staff/team', token);
export const changeTeam = (token: Token, email: string, access: TeamAccess) => post('/api/staff/team', token, { email, access });
/** Make an account the instructor of a profile, or (`none`) take it away. */
export const changeInstructor = (token: Token, email: string, instructor: string) =>
  post('/api/staff/team/instructor', token, { email, instructor });
/** Make an account a mentor, or take it away. */
export const changeMentor = (token: Token, email: string, mentor: boolean) => post('/api/staff/team/mentor', token, { email, mentor });

// Mentoring.
export const mentoringBoard = (token: Token, filters: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  return get<StaffMentoringAnswer>(`/api/staff/mentoring${query ? `?${query}` : ''}`, token);
};
export const placementBoard = (token: Token) => get<StaffPlacementsAnswer>('/api/staff/placements', token);
export const reviewFigures = (token: Token) => get<ReviewFiguresAnswer>('/api/staff/assignments', token);
export const movePlacement = async (token: Token, placementId: string, state: string, note: string) =>
  apiRequest<PlacementView>(`/api/staff/placements/${encodeURIComponent(placementId)}`, {
    method: 'POST',
    body: { state, note },
    headers: { Authorization: `Bearer ${await token()}` },
  });

/** A referral made for the learner: the company, the role and the day (YYYY-MM-DD). */
export const addReferral = async (token: Token, placementId: string, body: { company: string; role: string; referredOn: string }) =>
  apiRequest<PlacementView>(`/api/staff/placements/${encodeURIComponent(placementId)}/referrals`, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${await token()}` },
  });

/** What came of the n-th referral. */
export const setReferralOutcome = async (token: Token, placementId: string, n: number, outcome: string) =>
  apiRequest<PlacementView>(`/api/staff/placements/${encodeURIComponent(placementId)}/referrals/${n}`, {
    method: 'PUT',
    body: { outcome },
    headers: { Authorization: `Bearer ${await token()}` },
  });

// Support requests.
export const supportQueue = (token: Token) => get<StaffSupportAnswer>('/api/staff/support', token);
export const contactFigures = (token: Token) => get<StaffContactFigures>('/api/staff/messages/figures', token);
/** A month's GST invoices and credit notes, summed on the server (GSTR-1's tables). */
export const financeReport = (token: Token, month: string) =>
  get<MonthReport>(`/api/staff/finance?month=${encodeURIComponent(month)}`, token);
export const referralFigures = (token: Token, month: string) =>
  get<ReferralFigures>(`/api/staff/referrals/figures?month=${encodeURIComponent(month)}`, token);
export const missingRecordings = (token: Token) => get<StaffRecordingsAnswer>('/api/staff/recordings', token);
export const supportChange = async (
  token: Token,
  requestId: string,
  verb: 'assign' | 'reply' | 'close' | 'reopen',
  body: Record<string, unknown>,
) =>
  apiRequest<StaffSupportRequest>(`/api/staff/support/${encodeURIComponent(requestId)}/${verb}`, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${await token()}` },
  });

// The Q&A forum.
export const qaBoard = (token: Token) => get<StaffQaAnswer>('/api/staff/qa', token);
export const hideQaPost = async (token: Token, postId: string, hidden: boolean, reason: string) =>
  apiRequest<{ hidden: boolean }>(`/api/staff/qa/${encodeURIComponent(postId)}/hide`, {
    method: 'POST',
    body: { hidden, reason },
    headers: { Authorization: `Bearer ${await token()}` },
  });

// Batches.
export const listBatches = (token: Token, offering: string) =>
  get<{ batches: StaffBatch[] }>(`/api/staff/batches?offering=${id(offering)}`, token);
export const createBatch = (
  token: Token,
  body: { offering: string; batchTime: string; startDate: string; capacity: number; campus?: string },
) => post('/api/staff/batches', token, body);
export const editBatch = (token: Token, batchId: string, body: { capacity?: number; startDate?: string }) =>
  post(`/api/staff/batches/${id(batchId)}/edit`, token, body);
export const cancelBatch = (token: Token, batchId: string, reason: string) =>
  post(`/api/staff/batches/${id(batchId)}/cancel`, token, { reason });
export const rosterOf = (token: Token, batchId: string) =>
  get<{ roster: RosterEntry[] }>(`/api/staff/batches/${id(batchId)}/roster`, token);
/** Safe to send again: a completion cut short by a busy answer is finished by the next press. */
export const completeBatch = (token: Token, batchId: string) =>
  post(`/api/staff/batches/${id(batchId)}/complete`, token, {}, 2) as Promise<
    StaffActionAnswer & { issued: number; notEarned: number; alreadyIssued: number }
  >;
export const decideCertificate = (token: Token, enrollmentId: string, issue: boolean, reason: string) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/certificate`, token, { issue, reason });
export const revokeCertificate = (token: Token, code: string, reason: string) =>
  post(`/api/staff/certificates/${id(code)}/revoke`, token, { reason });
export const switchCourse = (token: Token, enrollmentId: string, batchId: string) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/switch`, token, { batchId });
export const moveLearner = (token: Token, enrollmentId: string, batchId: string) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/move`, token, { batchId });

/** The roster as the spreadsheet-safe CSV the server writes, saved as a file. */
export async function downloadRoster(token: Token, batchId: string): Promise<void> {
  const res = await fetch(`/api/staff/batches/${id(batchId)}/roster?format=csv`, { headers: { Authorization: `Bearer ${await token()}` } });
  if (!res.ok) throw new ApiError(res.status, 'The roster could not be exported. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `roster-${batchId}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
/** The named advisor and a page of mentors who offer advisor calls, by name (`q`: the start of a name). */
export const advisorOf = (token: Token, enrollmentId: string, q = '') =>
  get<AdvisorAnswer>(`/api/staff/enrollments/${id(enrollmentId)}/advisor${q ? `?q=${encodeURIComponent(q)}` : ''}`, token);
export const assignAdvisor = (token: Token, enrollmentId: string, mentorId: string) =>
  post(`/api/staff/enrollments/${id(enrollmentId)}/advisor`, token, { mentorId });
/** Give a used mentoring session back (after looking into a reported no-show), with the reason. */
export const returnSession = (token: Token, bookingId: string, reason: string) =>
  post(`/api/staff/mentoring/bookings/${id(bookingId)}/return`, token, { reason });

export const organisationsBoard = (token: Token) => get<StaffOrganisations>('/api/staff/organisations', token);
export const confirmOrganisation = (token: Token, organisationId: string) =>
  post(`/api/staff/organisations/${id(organisationId)}/confirm`, token, {});
/** A transfer, TDS or its certificate, or a price: each refused if repeated (a UTR is recorded once), so never resent. */
export const seatOrderChange = (token: Token, orderId: string, verb: string, body: Record<string, unknown>) =>
  post(`/api/staff/seat-orders/${id(orderId)}/${verb}`, token, body);
