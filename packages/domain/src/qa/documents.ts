import type { TimestampLike } from '../common';
import type { QaAboutKind, QaRole } from './qa';

// The stored shapes of the Q&A forum. Written only by the functions; nothing reads them from a browser.

/** What a question and an answer both carry: moderation, edits and deletion by the author. */
export interface QaPostState<T extends TimestampLike = TimestampLike> {
  /** Hidden by staff (gone for everyone else), with the reason; null when shown. */
  hidden: { reason: string; by: string; at: T } | null;
  /** Deleted by its author: the text is gone and the post reads "Deleted by author". */
  deleted: boolean;
  /** How many accounts reported it. */
  reports: number;
  /** Each earlier version, oldest first, kept when the author edits. */
  history: { title?: string; body: string; at: T }[];
  editedAt: T | null;
}

/** qaQuestions/{id}: a question, its promise and what the list shows of its answers. */
export interface QaQuestionDoc<T extends TimestampLike = TimestampLike> extends QaPostState<T> {
  spaceId: string;
  /** The course the space is about (a batch's course, for a batch space); null for a programme's space or batch. */
  courseId: number | null;
  /** The programme (its slug) a programme's space or batch is about; null for a course's. */
  programme: string | null;
  batchId: string | null;
  /**
   * A batch space's instructor (their key), kept as the batch's own when staff move it to another: their answer
   * queue finds the question by it. Null in a course's or programme's space.
   */
  instructor: string | null;
  /** The class (session) or assignment it is about, with its label as it read when asked; null for neither. */
  about: { kind: QaAboutKind; id: string; label: string } | null;
  title: string;
  /** The Markdown as written, and the sanitised HTML the pages show. */
  body: string;
  html: string;
  authorUid: string;
  authorName: string;
  authorRole: QaRole;
  /** Asked by an Elite or Platinum learner: answered within 4 working hours, not 24 hours. */
  priority: boolean;
  dueAt: T;
  firstAnswerAt: T | null;
  firstAnswerOnTime: boolean | null;
  answerCount: number;
  acceptedAnswerId: string | null;
  votes: number;
  /** Accounts mailed each new answer (the asker from the start; anyone who can read may follow). */
  followers: string[];
  tokens: string[];
  createdAt: T;
  updatedAt: T;
}

/** qaAnswers/{id}: one answer, with its author's role. */
export interface QaAnswerDoc<T extends TimestampLike = TimestampLike> extends QaPostState<T> {
  questionId: string;
  spaceId: string;
  body: string;
  html: string;
  authorUid: string;
  authorName: string;
  authorRole: QaRole;
  votes: number;
  createdAt: T;
  updatedAt: T;
}

/** qaReports/{postId}_{uid}: one account's report of a post, with why (so it counts once). */
export interface QaReportDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  postId: string;
  reason: string;
  at: T;
}

/** qaVotes/{targetId}_{uid}: one account's upvote of a question or an answer (so it counts once). */
export interface QaVoteDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  targetId: string;
  at: T;
}
