import type { SupportState, SupportTier, SupportTopic } from './support';

// What the support routes answer (functions/src/support, the console's /api/staff/support).

export interface SupportMessageView {
  from: 'learner' | 'staff';
  name: string;
  body: string;
  at: string;
}

/** A request as its learner sees it. */
export interface SupportRequestView {
  id: string;
  reference: string;
  topic: SupportTopic;
  enrollmentId: string | null;
  enrollmentLabel: string | null;
  tier: SupportTier;
  state: SupportState;
  /** When the answer is promised (ISO), and the promise in words ("1 working day"). */
  dueAt: string;
  promise: string;
  createdAt: string;
  updatedAt: string;
  thread: SupportMessageView[];
}

/** GET /api/support: the learner's requests, newest first, and the enrollments they may name in a new one. */
export interface SupportAnswer {
  requests: SupportRequestView[];
  enrollments: { id: string; label: string }[];
  /** The promise a new request gets now. */
  tier: SupportTier;
  promise: string;
  now: string;
}

/** A request as staff see it in the queue. */
export interface StaffSupportRequest extends SupportRequestView {
  name: string;
  email: string;
  assignee: { uid: string; name: string } | null;
  firstReplyAt: string | null;
  firstReplyOnTime: boolean | null;
  /** Past its promise and still waiting for the team. */
  overdue: boolean;
}

/** One week (Monday, India time) of requests and how many were first answered within their promise. */
export interface SupportWeek {
  weekStart: string;
  requests: number;
  answered: number;
  onTime: number;
  /** The median minutes to a first answer, or null with none answered. */
  medianFirstReplyMinutes: number | null;
}

/** GET /api/staff/support: the queue (waiting first, soonest promise first), the team to assign, and the figures. */
export interface StaffSupportAnswer {
  requests: StaffSupportRequest[];
  team: { uid: string; name: string }[];
  weeks: SupportWeek[];
  /** Over the weeks shown: first answers within their promise, of all first answers. */
  onTimeShare: number | null;
  now: string;
}
