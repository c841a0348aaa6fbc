// The progress tracker every plan includes (/pricing: "attendance, assignment scores and milestones in one view, with
// nudges from your mentor when you fall behind"). Milestones are computed from what is recorded (attendance,
// assignments, the certificate); falling behind is defined once, here, for the nudge job, the learner's page and
// the instructor's at-risk list alike.

/** Attendance milestones: this share of the batch's classes (those not cancelled) attended. */
export const ATTENDANCE_MILESTONES = [25, 50, 75] as const;
/** Falling behind: this many held classes missed in a row. */
export const MISSED_IN_A_ROW = 2;

export interface Milestone {
  key: string;
  label: string;
  reached: boolean;
}

/** What the milestones are computed from: one learner's place in one batch. */
export interface ProgressFacts {
  /** The batch's classes, cancelled ones left out. */
  classes: number;
  attended: number;
  /** The offering's assignments, in order, and whether the learner's work passed. */
  assignments: readonly { id: string; title: string; passed: boolean }[];
  certificate: boolean;
}

/** A learner's milestones, in the order they are usually reached. */
export function progressMilestones(facts: ProgressFacts): Milestone[] {
  const attendance = ATTENDANCE_MILESTONES.map((share) => ({
    key: `attended-${share}`,
    label: `${share}% of classes attended`,
    // At least one class, and the share rounded up: 25% of 24 classes is 6.
    reached: facts.classes > 0 && facts.attended >= Math.max(1, Math.ceil((facts.classes * share) / 100)),
  }));
  return [
    { key: 'first-class', label: 'First class attended', reached: facts.attended > 0 },
    ...attendance,
    ...facts.assignments.map((a) => ({ key: `passed-${a.id}`, label: `Passed: ${a.title}`, reached: a.passed })),
    { key: 'certificate', label: 'Certificate earned', reached: facts.certificate },
  ];
}

/** Why a learner is behind. Each cause has a key of its own: it is nudged about once, however often the job runs. */
export type BehindCause =
  | { kind: 'missed-classes'; key: string; /** The missed classes' numbers, from 1. */ classes: number[] }
  | { kind: 'assignment-overdue'; key: string; assignmentId: string; title: string; dueAt: string };

/**
 * The learner's last MISSED_IN_A_ROW held classes, if they missed every one: a cause keyed by the last of them, so
 * two more missed later (after attending in between, or the very next ones) are a new cause.
 */
export function missedInARow(held: readonly { id: string; number: number; attended: boolean }[]): BehindCause | null {
  const last = held.slice(-MISSED_IN_A_ROW);
  if (last.length < MISSED_IN_A_ROW || last.some((s) => s.attended)) return null;
  return { kind: 'missed-classes', key: `missed-${last[last.length - 1].id}`, classes: last.map((s) => s.number) };
}

/** Assignments past their due moment with nothing submitted. */
export function overdueAssignments(
  deadlines: readonly { assignmentId: string; title: string; dueAtMs: number; submitted: boolean }[],
  nowMs: number,
): BehindCause[] {
  return deadlines
    .filter((d) => !d.submitted && d.dueAtMs <= nowMs)
    .map((d) => ({
      kind: 'assignment-overdue',
      key: `overdue-${d.assignmentId}`,
      assignmentId: d.assignmentId,
      title: d.title,
      dueAt: new Date(d.dueAtMs).toISOString(),
    }));
}

/** Every reason the learner is behind now: the classes missed in a row, then each assignment past due. */
export function behindNow(
  held: readonly { id: string; number: number; attended: boolean }[],
  deadlines: readonly { assignmentId: string; title: string; dueAtMs: number; submitted: boolean }[],
  nowMs: number,
): BehindCause[] {
  const missed = missedInARow(held);
  return [...(missed ? [missed] : []), ...overdueAssignments(deadlines, nowMs)];
}

/** How a cause reads to the learner and on the instructor's list. */
export function behindLabel(cause: BehindCause): string {
  return cause.kind === 'missed-classes'
    ? `Missed classes ${cause.classes.join(' and ')} in a row`
    : `“${cause.title}” is past its due date with nothing submitted`;
}
