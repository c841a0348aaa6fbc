import { sessionStatus, type SessionTimes } from './sessions';

// "Every session is recorded" (/pricing, the home page, About): a recording exists once the instructor (or staff)
// pastes its link. A held session is expected to have it within RECORDING_DUE_HOURS of its end; after that it is
// missing: the instructor's My teaching and the console flag it, and the reminder job mails the instructor once.

export const RECORDING_DUE_HOURS = 24;
/** The reminder job looks back this far for missing recordings: older ones stay flagged, but are not mailed about. */
export const RECORDING_REMINDER_LOOKBACK_DAYS = 14;
/** The console lists missing recordings of sessions that ended within this many days. */
export const RECORDING_MISSING_LIST_DAYS = 56;

/** When a session's recording is due: RECORDING_DUE_HOURS after it ends. */
export const recordingDueAtMs = (session: Pick<SessionTimes, 'endsAtMs'>): number => session.endsAtMs + RECORDING_DUE_HOURS * 3_600_000;

/**
 * Where a session's recording stands at `nowMs`:
 * - none: not held (upcoming, live or cancelled), so none is owed;
 * - available: its link is there;
 * - expected: held, within its RECORDING_DUE_HOURS;
 * - missing: held, past them, and still no link.
 */
export type RecordingState = 'none' | 'available' | 'expected' | 'missing';
export function recordingState(session: SessionTimes & { recordingUrl: string | null | undefined }, nowMs: number): RecordingState {
  if (sessionStatus(session, nowMs) !== 'held') return 'none';
  if (session.recordingUrl) return 'available';
  return nowMs < recordingDueAtMs(session) ? 'expected' : 'missing';
}

/** GET /api/staff/recordings: held sessions of the last RECORDING_MISSING_LIST_DAYS still without a recording past their due time. */
export interface MissingRecording {
  sessionId: string;
  batchId: string;
  batchLabel: string;
  offering: string;
  /** The session's number in its batch, from 1. */
  number: number;
  topic: string;
  instructor: string;
  endsAt: string;
  dueAt: string;
}
export interface StaffRecordingsAnswer {
  missing: MissingRecording[];
  now: string;
}
