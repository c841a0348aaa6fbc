import { holdsMentorTime } from '@upskill/domain/mentoring';
import type { BookingView, PlacementView } from '@upskill/domain/mentoring';
import { MENTORING_JOIN_OPENS_MINUTES_BEFORE, scorecardMean } from '@upskill/domain/mentoring';
import { collection, type Stored } from '../platform/collections';

export const mentors = () => collection('mentors');
export const mentorBookings = () => collection('mentorBookings');
export const mentoringLedgers = () => collection('mentoringLedgers');
export const placementRequests = () => collection('placementRequests');

export type BookingDoc = Stored<'mentorBookings'>;
export type MentorProfileDoc = Stored<'mentors'>;

/** Whether a booking holds its mentor's time (the domain's rule: all but a cancelled one). */
export const holdsTime = holdsMentorTime;

/** A booking as its learner or mentor sees it: everything but the meeting link. */
export function bookingView(id: string, doc: BookingDoc): BookingView {
  const startsAtMs = doc.startsAt.toMillis();
  return {
    id,
    kind: doc.kind,
    mentorId: doc.mentorId,
    mentorName: doc.mentorName,
    learnerName: doc.learnerName,
    startsAtMs,
    endsAtMs: doc.endsAt.toMillis(),
    status: doc.status,
    joinOpensAtMs: startsAtMs - MENTORING_JOIN_OPENS_MINUTES_BEFORE * 60_000,
    counts: doc.counts,
    outsideHours: doc.outsideHours,
    notes: doc.notes ? { text: doc.notes.text, actionItems: doc.notes.actionItems } : null,
    scorecard: doc.scorecard
      ? {
          ratings: doc.scorecard.ratings,
          comments: doc.scorecard.comments,
          verdict: doc.scorecard.verdict,
          mean: scorecardMean(doc.scorecard.ratings),
        }
      : null,
    noShowReport: doc.noShowReport ? { by: doc.noShowReport.by, note: doc.noShowReport.note } : null,
  };
}

export function placementView(id: string, doc: Stored<'placementRequests'>): PlacementView {
  return {
    id,
    state: doc.state,
    note: doc.note,
    bookingId: doc.bookingId,
    history: doc.history.map((h) => ({ state: h.state, note: h.note, atMs: h.at.toMillis() })),
    createdAtMs: doc.createdAt.toMillis(),
    contactDueAtMs: doc.contactDueAt?.toMillis() ?? null,
    firstContactAtMs: doc.firstContactAt?.toMillis() ?? null,
    referrals: (doc.referrals ?? []).map((r) => ({ company: r.company, role: r.role, referredOn: r.referredOn, outcome: r.outcome })),
    reports: (doc.reports ?? []).map((r) => ({ outcome: r.outcome, company: r.company, role: r.role, on: r.on })),
  };
}
