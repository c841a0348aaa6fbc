/**
 * After the payment: live sessions, joining them, attendance, reminders and the rule that earns a
 * certificate. Pure, like batches.ts: every function takes `nowMs` from its caller, so the functions, the
 * learner's page and the tests (with any clock they like) decide the same way.
 * See docs/decisions/0014-live-classes.md.
 */

/** The join button opens this long before a session starts and stays until the session ends. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;
/** The session reminder goes out at most this long before the session starts. */
export const SESSION_REMINDER_MINUTES_BEFORE = 60;
/** The batch-start reminder goes out at most this long before the first session. */
export const BATCH_REMINDER_HOURS_BEFORE = 24;
/** A learner who attended at least this share of the sessions held earns the certificate. */
export const CERTIFICATE_ATTENDANCE = { numerator: 3, denominator: 4 } as const;

/** Where the batch's live classes meet: a Jitsi Meet room per batch, with an unguessable name (no accounts needed). */
export const MEETING_HOST = 'https://meet.jit.si';

/** What a session document stores; "upcoming", "live" and "held" follow from the clock. */
export const STORED_SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type StoredSessionStatus = (typeof STORED_SESSION_STATUSES)[number];
export const SESSION_STATUSES = ['upcoming', 'live', 'held', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live now',
  held: 'Held',
  cancelled: 'Cancelled',
};

export interface SessionTimes {
  status: StoredSessionStatus;
  startsAtMs: number;
  endsAtMs: number;
}

/** A session at `nowMs`: cancelled as stored; live between its start and end; held after; else upcoming. */
export function sessionStatus(session: SessionTimes, nowMs: number): SessionStatus {
  if (session.status === 'cancelled') return 'cancelled';
  if (nowMs >= session.endsAtMs) return 'held';
  if (nowMs >= session.startsAtMs) return 'live';
  return 'upcoming';
}

/** When the join button opens: JOIN_OPENS_MINUTES_BEFORE before the start. It closes at the end. */
export const joinOpensAtMs = (session: Pick<SessionTimes, 'startsAtMs'>): number => session.startsAtMs - JOIN_OPENS_MINUTES_BEFORE * 60_000;

/** Why a learner may not join a session now, or null when they may (the seat is checked separately). */
export type JoinRefusal = 'cancelled' | 'too-early' | 'ended';
export function joinRefusal(session: SessionTimes, nowMs: number): JoinRefusal | null {
  if (session.status === 'cancelled') return 'cancelled';
  if (nowMs < joinOpensAtMs(session)) return 'too-early';
  if (nowMs >= session.endsAtMs) return 'ended';
  return null;
}

/** The next session a learner can still attend (live or upcoming), or undefined when none is left. */
export function nextSession<S extends SessionTimes>(sessions: readonly S[], nowMs: number): S | undefined {
  return [...sessions].filter((s) => s.status !== 'cancelled' && s.endsAtMs > nowMs).sort((a, b) => a.startsAtMs - b.startsAtMs)[0];
}

/** Sessions held by `atMs`: not cancelled and already begun (a batch completed early counts what it held). */
export const sessionsHeld = (sessions: readonly SessionTimes[], atMs: number): number =>
  sessions.filter((s) => s.status !== 'cancelled' && s.startsAtMs <= atMs).length;

/** At least three quarters of the sessions held, in whole numbers (no rounding: 74% is not 75%). */
export function earnsCertificate(attended: number, held: number): boolean {
  if (held <= 0) return false;
  return attended * CERTIFICATE_ATTENDANCE.denominator >= held * CERTIFICATE_ATTENDANCE.numerator;
}

/** "in 2 days 3 h", "in 45 min", "now": the countdown to a session, for the learner's page. */
export function countdown(fromMs: number, toMs: number): string {
  const minutes = Math.ceil((toMs - fromMs) / 60_000);
  if (minutes <= 0) return 'now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `in ${days} day${days === 1 ? '' : 's'}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `in ${hours} h${mins ? ` ${mins} min` : ''}`;
  return `in ${mins} min`;
}

/** Recording links and meeting links staff or instructors enter: https only. */
export const isHttpsUrl = (value: string): boolean => HTTPS_URL.test(value) && value.length <= 500;
/** https, a dotted host name (no user or password part), an optional port, then any path without spaces. */
const HTTPS_URL = /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/**
 * Reminder documents are keyed by what they remind of, its version (a session's SEQUENCE: a rescheduled session
 * is reminded of again) and to whom: creating one twice fails, so each mail goes once.
 */
export const REMINDER_KINDS = ['batch-start', 'session', 'mentoring-day', 'mentoring-hour', 'recording-missing'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const reminderId = (kind: ReminderKind, subjectId: string, version: number, enrollmentId: string): string =>
  `${kind}_${subjectId}_v${version}_${enrollmentId}`;

/** attendance/{sessionId}_{enrollmentId}: one per learner per session. */
export const attendanceId = (sessionId: string, enrollmentId: string): string => `${sessionId}_${enrollmentId}`;
