// The words and times of graded work that pages show without the rest of assignments.ts, which brings the
// time-zone library: My Courses lists assignments and marks due dates with these alone (Intl formats India time).

/** The state of a learner's work on one assignment, across attempts. */
export const WORK_STATES = ['not-started', 'awaiting-review', 'needs-work', 'passed'] as const;
export type WorkState = (typeof WORK_STATES)[number];
export const WORK_STATE_LABELS: Record<WorkState, string> = {
  'not-started': 'Not submitted',
  'awaiting-review': 'Awaiting review',
  'needs-work': 'Needs work',
  passed: 'Passed',
};

export const REVIEW_RESULTS = ['passed', 'needs-work'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];

/** "Tue 2 Dec, 21:40 IST": how a submission's receipt and deadlines read. */
export function formatIndiaMoment(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}, ${get('hour')}:${get('minute')} IST`;
}

/** "Fri 5 Dec": the day a review is promised by. */
export function formatIndiaDay(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}`;
}

/** The receipt a learner sees at once and is mailed: "Received Tue 2 Dec, 21:40 IST · reviewed by Fri 5 Dec". */
export const receiptLine = (submittedAtMs: number, reviewDueMs: number): string =>
  `Received ${formatIndiaMoment(submittedAtMs)} · reviewed by ${formatIndiaDay(reviewDueMs)}`;
