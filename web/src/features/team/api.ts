import type { CheckoutResult } from '@upskill/domain/enrollment';
import type {
  ClaimedSeat,
  OrganisationView,
  SeatCheckout,
  SeatOffer,
  SeatOrderView,
  TeamList,
  TeamOverview,
} from '@upskill/domain/organisations';
import { ApiError, apiRequest, bearerHeader } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';

// The team pages' calls (functions/src/endpoints/team.ts). Reads are sent again after a busy answer; writes that the
// server would not recognise as a repeat (a quote, invitations, codes) are not.

export type Signed = { getIdToken(): Promise<string> };
const id = encodeURIComponent;
const team = (org: string) => `/api/team/${id(org)}`;

export const fetchTeamList = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<TeamList>('/api/team', { headers: await bearerHeader(user), signal, retries: 2 });

export const fetchTeam = async (user: Signed, org: string, signal?: AbortSignal) =>
  apiRequest<TeamOverview>(team(org), { headers: await bearerHeader(user), signal, retries: 2 });

// The same request again is the same organisation (its id is the requester's and the name's): safe to resend.
export const requestOrganisation = async (user: Signed, body: unknown) =>
  apiRequest<OrganisationView>('/api/organisations', { method: 'POST', body, headers: await bearerHeader(user), retries: 2 });

export const createQuote = async (user: Signed, org: string, body: unknown) =>
  apiRequest<SeatOrderView>(`${team(org)}/quotes`, { method: 'POST', body, headers: await bearerHeader(user) });

export const startCheckout = async (user: Signed, org: string, order: string) =>
  apiRequest<SeatCheckout>(`${team(org)}/orders/${id(order)}/checkout`, {
    method: 'POST',
    body: {},
    headers: await bearerHeader(user),
    retries: 2,
  });

// A payment's report is keyed by its ids: the server applies it once however often it arrives.
export const confirmPayment = async (user: Signed, org: string, order: string, result: CheckoutResult) =>
  apiRequest<SeatOrderView>(`${team(org)}/orders/${id(order)}/payment`, {
    method: 'POST',
    body: result,
    headers: await bearerHeader(user),
    retries: 2,
  });

export const invite = async (user: Signed, org: string, order: string, body: { emails: string[] } | { csv: string }) =>
  apiRequest<SeatOrderView>(`${team(org)}/orders/${id(order)}/invitations`, { method: 'POST', body, headers: await bearerHeader(user) });

export const makeCodes = async (user: Signed, org: string, order: string, count: number) =>
  apiRequest<{ codes: string[]; order: SeatOrderView }>(`${team(org)}/orders/${id(order)}/codes`, {
    method: 'POST',
    body: { count },
    headers: await bearerHeader(user),
  });

export const revokeSeat = async (user: Signed, org: string, seat: string) =>
  apiRequest<SeatOrderView>(`${team(org)}/seats/${id(seat)}`, { method: 'DELETE', headers: await bearerHeader(user) });

export const reassignSeat = async (user: Signed, org: string, seat: string, email: string) =>
  apiRequest<SeatOrderView>(`${team(org)}/seats/${id(seat)}/reassign`, {
    method: 'POST',
    body: { email },
    headers: await bearerHeader(user),
  });

export const removeMember = async (user: Signed, org: string, seat: string) =>
  apiRequest<SeatOrderView>(`${team(org)}/seats/${id(seat)}/member`, { method: 'DELETE', headers: await bearerHeader(user) });

export const addAdmin = async (user: Signed, org: string, email: string) =>
  apiRequest<OrganisationView>(`${team(org)}/admins`, { method: 'POST', body: { email }, headers: await bearerHeader(user), retries: 2 });

/** A file the API makes (a PDF, the CSV), fetched with the admin's credentials and saved under `name`. */
export async function download(user: Signed, path: string, name: string): Promise<void> {
  const res = await fetch(path, { headers: await bearerHeader(user) });
  if (!res.ok) throw new ApiError(res.status, 'The file could not be downloaded. Please try again.');
  saveFile(await res.blob(), name);
}

export const quotePdfPath = (org: string, order: string) => `${team(org)}/orders/${id(order)}/quote.pdf`;
export const invoicePdfPath = (org: string, order: string) => `${team(org)}/orders/${id(order)}/invoice.pdf`;
export const membersCsvPath = (org: string) => `${team(org)}/members.csv`;

export type OfferQuery = { seat: string; token: string } | { code: string } | { join: string };

export const fetchOffer = async (user: Signed, query: OfferQuery, signal?: AbortSignal) =>
  apiRequest<SeatOffer>(`/api/seats/offer?${new URLSearchParams(query).toString()}`, {
    headers: await bearerHeader(user),
    signal,
    retries: 2,
  });

// The same learner claiming the same seat again is answered with that seat: safe to resend.
export const claimSeat = async (user: Signed, body: Record<string, unknown>) =>
  apiRequest<ClaimedSeat>('/api/seats/claim', { method: 'POST', body, headers: await bearerHeader(user), retries: 2 });
