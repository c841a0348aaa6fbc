// The words of mentoring, with no imports: stored-shape tables and pages can name them without loading
// the slot arithmetic (date-fns) or the schemas (yup).

/** The custom claim that makes an account a mentor: exactly the boolean true (`npm run staff -- mentor <email>`). */
export const MENTOR_CLAIM = 'mentor';

export const SESSION_KINDS = ['mentor-call', 'mock-interview', 'advisor-call'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const SESSION_LABELS: Record<SessionKind, { one: string; many: string }> = {
  'mentor-call': { one: 'mentor call', many: 'mentor calls' },
  'mock-interview': { one: 'mock interview', many: 'mock interviews' },
  'advisor-call': { one: 'advisor call', many: 'advisor calls' },
};

/** How long each kind of session is, in minutes. */
export const SESSION_MINUTES: Record<SessionKind, number> = { 'mentor-call': 30, 'mock-interview': 60, 'advisor-call': 30 };

export const VERDICTS = ['ready', 'not-yet'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = { ready: 'Ready', 'not-yet': 'Not yet' };

export const PLACEMENT_STATES = ['requested', 'profile-reviewed', 'referred', 'closed'] as const;
export type PlacementState = (typeof PLACEMENT_STATES)[number];
export const PLACEMENT_LABELS: Record<PlacementState, string> = {
  requested: 'Requested',
  'profile-reviewed': 'Profile reviewed',
  referred: 'Referred',
  closed: 'Closed',
};

/** The mock interview's five criteria, each rated 1–5. */
export const SCORECARD_CRITERIA = [
  { key: 'problemSolving', label: 'Problem solving' },
  { key: 'technicalDepth', label: 'Technical depth' },
  { key: 'communication', label: 'Communication' },
  { key: 'codeQuality', label: 'Code quality' },
  { key: 'roleFit', label: 'Role fit' },
] as const;
export type ScorecardCriterion = (typeof SCORECARD_CRITERIA)[number]['key'];

/** The console's bookings export, its columns named once (the console writes it; a test reads it). */
export const BOOKING_CSV_COLUMNS = [
  'Starts (UTC)',
  'Kind',
  'Mentor',
  'Learner',
  'Learner e-mail',
  'Status',
  'Verdict',
  'Mean score',
] as const;
