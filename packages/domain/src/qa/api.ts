import type { QaAboutKind, QaRole } from './qa';

// What the Q&A routes answer (functions/src/qa).

export interface QaSpaceView {
  id: string;
  kind: 'course' | 'programme' | 'batch';
  /** "Python Programming Foundations", "Cloud Computing programme", or "Python Programming Foundations · Weekday Evening batch from 5 Jan". */
  name: string;
  /** How the caller takes part: as a learner, a mentor, an instructor or staff. */
  role: QaRole;
}

/** GET /api/qa: the spaces the caller may read and write in. */
export interface QaSpacesAnswer {
  spaces: QaSpaceView[];
  /** Whether the caller's questions are answered within 4 working hours (Platinum, Elite) rather than 24 hours. */
  priority: boolean;
}

export interface QaQuestionSummary {
  id: string;
  title: string;
  authorName: string;
  authorRole: QaRole;
  answerCount: number;
  answered: boolean;
  accepted: boolean;
  votes: number;
  createdAt: string;
}

/** GET /api/qa/spaces/{spaceId}?q=&after=: a page of questions, newest first (or those matching every word of q). */
/** A class or an assignment a question may point to, as the ask form offers it. */
export interface QaAboutOption {
  /** "session:ID" or "assignment:ID", sent back as the question's `about`. */
  value: string;
  /** "Class 3 · React and state · 12 Dec", "Assignment · Build a REST API". */
  label: string;
}

export interface QaSpaceAnswer {
  space: QaSpaceView;
  /** What the caller may point a new question to (their classes and assignments in this space); on the first page only. */
  about: QaAboutOption[];
  questions: QaQuestionSummary[];
  /** The id to pass as `after` for the next page, or null on the last. */
  next: string | null;
}

export interface QaPostView {
  id: string;
  html: string;
  authorName: string;
  authorRole: QaRole;
  votes: number;
  /** Whether the caller has upvoted it. */
  voted: boolean;
  mine: boolean;
  /** Deleted by its author: html is empty and the post reads "Deleted by author". */
  deleted: boolean;
  edited: boolean;
  /** The Markdown as written, for its author's edit form (empty otherwise). */
  source: string;
  createdAt: string;
}

export interface QaAnswerView extends QaPostView {
  accepted: boolean;
}

/** GET /api/qa/questions/{id}: the question, its answers (the accepted first, then oldest first) and what the caller may do. */
export interface QaQuestionAnswer {
  space: QaSpaceView;
  question: QaPostView & {
    title: string;
    answered: boolean;
    acceptedAnswerId: string | null;
    /** When the first answer from a mentor or instructor is promised (ISO), and the promise in words. */
    dueAt: string;
    promise: string;
    /** The class or assignment it is about, if the asker named one. */
    about: { kind: QaAboutKind; label: string } | null;
  };
  answers: QaAnswerView[];
  following: boolean;
  /** The asker, a mentor or instructor of the space, or staff. */
  mayAccept: boolean;
}

/** One question waiting for its first answer, in the mentors' queue. */
export interface QaQueueItem {
  id: string;
  spaceId: string;
  spaceName: string;
  title: string;
  authorName: string;
  priority: boolean;
  dueAt: string;
  overdue: boolean;
  createdAt: string;
}

/**
 * GET /api/qa/queue?after=: a page (QA_QUEUE_PAGE) of the questions with no answer from a mentor or instructor yet, in
 * the caller's spaces, soonest promise first.
 */
export interface QaQueueAnswer {
  questions: QaQueueItem[];
  /** How many are waiting in all (every page). */
  waiting: number;
  /** The id to pass as `after` for the next page, or null on the last. */
  next: string | null;
  now: string;
}

/** A reported post, as the console's Q&A tab lists it. */
export interface QaReportedPost {
  postId: string;
  kind: 'question' | 'answer';
  questionId: string;
  title: string;
  excerpt: string;
  authorName: string;
  reports: number;
  reasons: string[];
  hidden: { reason: string; at: string } | null;
}

/** First answers in one week (Monday, India time) or one course. */
export interface QaFigures {
  questions: number;
  answered: number;
  onTime: number;
  medianFirstAnswerMinutes: number | null;
}

/** GET /api/staff/qa: reported posts (hidden ones too, to show again), and first-answer figures by week and by course. */
export interface StaffQaAnswer {
  reported: QaReportedPost[];
  weeks: (QaFigures & { weekStart: string })[];
  /** By course, and by programme for the programmes' spaces: `key` is `course-N` or `programme-slug`. */
  courses: (QaFigures & { key: string; name: string })[];
  onTimeShare: number | null;
  now: string;
}
