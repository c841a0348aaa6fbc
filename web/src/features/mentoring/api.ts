import type { JoinAnswer } from '@upskill/domain/enrollment';
import type {
  BookingAnswer,
  BookingView,
  MentorDeskAnswer,
  MentoringAnswer,
  MentorSearchAnswer,
  PlacementView,
  SlotsAnswer,
  SessionKind,
} from '@upskill/domain/mentoring';
import { ApiError, apiRequest, bearerHeader } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';

type Signed = { getIdToken(): Promise<string> };
const id = (value: string) => encodeURIComponent(value);

// The learner's side.
export const fetchMentoring = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<MentoringAnswer>('/api/mentoring', { headers: await bearerHeader(user), signal, retries: 2 });

/** Mentors offering `kind` whose name starts with `q` (any case): the booking form's search beyond the mentors it lists. */
export const searchMentors = async (user: Signed, kind: SessionKind, q: string, signal?: AbortSignal) =>
  apiRequest<MentorSearchAnswer>(`/api/mentoring/mentors?kind=${kind}&q=${id(q)}`, {
    headers: await bearerHeader(user),
    signal,
    retries: 2,
  });

export const fetchSlots = async (user: Signed, mentorId: string, kind: SessionKind, signal?: AbortSignal) =>
  apiRequest<SlotsAnswer>(`/api/mentoring/mentors/${id(mentorId)}/slots?kind=${kind}`, {
    headers: await bearerHeader(user),
    signal,
    retries: 2,
  });

export const bookSession = async (user: Signed, body: { kind: SessionKind; mentorId: string; startsAt: string }) =>
  apiRequest<BookingAnswer>('/api/mentoring/bookings', { method: 'POST', body, headers: await bearerHeader(user) });

export const cancelSession = async (user: Signed, bookingId: string) =>
  // Safe to resend: a second cancel of a cancelled booking answers with it as it is.
  apiRequest<BookingView>(`/api/mentoring/bookings/${id(bookingId)}/cancel`, {
    method: 'POST',
    body: {},
    headers: await bearerHeader(user),
    retries: 2,
  });

export const moveSession = async (user: Signed, bookingId: string, startsAt: string) =>
  apiRequest<BookingAnswer>(`/api/mentoring/bookings/${id(bookingId)}/reschedule`, {
    method: 'POST',
    body: { startsAt },
    headers: await bearerHeader(user),
  });

export const reportMentorNoShow = async (user: Signed, bookingId: string, note: string) =>
  apiRequest<BookingView>(`/api/mentoring/bookings/${id(bookingId)}/no-show`, {
    method: 'POST',
    body: { note },
    headers: await bearerHeader(user),
  });

export const joinLink = async (user: Signed, bookingId: string, side: 'learner' | 'mentor') =>
  apiRequest<JoinAnswer>(`/api/mentoring${side === 'mentor' ? '/desk' : ''}/bookings/${id(bookingId)}/join`, {
    headers: await bearerHeader(user),
  });

export const askForPlacement = async (user: Signed, bookingId: string, note: string) =>
  apiRequest<PlacementView>('/api/mentoring/placements', {
    method: 'POST',
    body: { bookingId, note },
    headers: await bearerHeader(user),
    retries: 2,
  });

/** The learner's own report of an offer or a joining; the same report twice is recorded once. */
export const reportPlacement = async (user: Signed, id: string, body: { outcome: string; company: string; role: string; on: string }) =>
  apiRequest<PlacementView>(`/api/mentoring/placements/${id}/reports`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
    retries: 2,
  });

// The mentor's side.
export const fetchDesk = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<MentorDeskAnswer>('/api/mentoring/desk', { headers: await bearerHeader(user), signal, retries: 2 });

export const saveProfile = async (user: Signed, body: unknown) =>
  apiRequest<MentorDeskAnswer & { outsideHours: string[] }>('/api/mentoring/profile', {
    method: 'PUT',
    body,
    headers: await bearerHeader(user),
  });

export type DeskAction = 'cancel' | 'notes' | 'scorecard' | 'no-show';
export const deskAction = async (user: Signed, bookingId: string, action: DeskAction, body: unknown) =>
  apiRequest<BookingView>(`/api/mentoring/desk/bookings/${id(bookingId)}/${action}`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
  });

/** The learner's mentoring sessions as an .ics download (the request needs their token, so a plain link cannot fetch it). */
export async function downloadMentoringCalendar(user: Signed): Promise<void> {
  const res = await fetch('/api/calendar/mentoring.ics', { headers: await bearerHeader(user), signal: AbortSignal.timeout(15_000) }).catch(
    () => {
      throw new ApiError(0, 'Network error');
    },
  );
  if (!res.ok) throw new ApiError(res.status, 'The calendar could not be downloaded. Please try again.');
  saveFile(await res.blob(), 'upskill-mentoring.ics');
}
