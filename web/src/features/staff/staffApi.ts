import type { ResendKind, StaffActionAnswer, TeamAccess, TeamMember } from '@upskill/domain/staff';
import { ApiError, apiRequest } from '../../lib/api';

/** What a console action's failure says: the server's message, or that the request never arrived. */
export const actionFailure = (err: unknown): string =>
  err instanceof ApiError && err.status > 0 ? err.message : 'The request did not reach the server. Check your connection and try again.';

type Token = () => Promise<string>;

const post = async (path: string, token: Token, body: unknown) =>
  apiRequest<StaffActionAnswer>(path, { method: 'POST', body, headers: { Authorization: `Bearer ${await token()}` } });

const id = encodeURIComponent;

export const markHandled = (token: Token, messageId: string, note: string) => post(`/api/staff/messages/${id(messageId)}/handled`, token, { note });
export const resend = (token: Token, enrollmentId: string, mail: ResendKind) => post(`/api/staff/enrollments/${id(enrollmentId)}/resend`, token, { mail });
export const refund = (token: Token, enrollmentId: string, reason: string) => post(`/api/staff/enrollments/${id(enrollmentId)}/refund`, token, { reason });
export const listTeam = async (token: Token) =>
  apiRequest<{ members: TeamMember[] }>('/api/staff/team', { headers: { Authorization: `Bearer ${await token()}` } });
export const changeTeam = (token: Token, email: string, access: TeamAccess) => post('/api/staff/team', token, { email, access });
