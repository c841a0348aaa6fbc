import { indiaDate, indiaWeekStart } from '../batches';
import { WEEK_MS } from '../common';
import type { MemberProgress } from './api';

// What an organisation's admin sees of a member's learning (issue 56): attendance, graded assignments and
// certificates from the member's seat and the batches it paid for. Never mentoring, questions or support.

/** The team page's chart: classes attended per week, this many weeks back including the current one. */
export const TEAM_CHART_WEEKS = 8;

/** Classes attended per week (weeks start on Monday, India time), oldest first, the current week last. */
export function weeklyAttendance(
  attendedAtMs: readonly number[],
  nowMs: number,
  weeks = TEAM_CHART_WEEKS,
): { week: string; attended: number }[] {
  const current = indiaWeekStart(nowMs);
  const starts = Array.from({ length: weeks }, (_, i) => current - (weeks - 1 - i) * WEEK_MS);
  return starts.map((start) => ({
    week: indiaDate(start),
    attended: attendedAtMs.filter((at) => at >= start && at < start + WEEK_MS).length,
  }));
}

export interface MemberRecords {
  /** The member's attendance records (present or not), with when each was recorded. */
  attendance: readonly { present: boolean; atMs: number; sessionStartMs: number | null }[];
  /** Sessions held so far in the member's batches. */
  held: number;
  /** The member's graded work: the state of each assignment. */
  work: readonly { state: 'not-started' | 'awaiting-review' | 'needs-work' | 'passed' }[];
  certificates: readonly { code: string; course: string; status: string }[];
}

/** A member's learning, as the admin sees it. */
export function memberProgress(records: MemberRecords): MemberProgress {
  const present = records.attendance.filter((a) => a.present);
  const last = present.reduce<number | null>((max, a) => Math.max(max ?? 0, a.sessionStartMs ?? a.atMs), null);
  return {
    attended: present.length,
    held: Math.max(records.held, present.length),
    lastAttendedAt: last === null ? null : new Date(last).toISOString(),
    assignmentsPassed: records.work.filter((w) => w.state === 'passed').length,
    assignmentsReviewed: records.work.filter((w) => w.state === 'passed' || w.state === 'needs-work').length,
    certificates: records.certificates.filter((c) => c.status === 'valid').map((c) => ({ code: c.code, course: c.course })),
  };
}

/** The team page's CSV: one row per seat handed out, with its member's learning. */
export const TEAM_CSV_HEADER = [
  'Seat',
  'State',
  'Name',
  'E-mail',
  'Order',
  'Classes attended',
  'Classes held',
  'Last class attended',
  'Assignments passed',
  'Assignments reviewed',
  'Certificates',
] as const;
