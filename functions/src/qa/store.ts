import { collection, type Stored } from '../platform/collections';

export const qaQuestions = () => collection('qaQuestions');
export const qaAnswers = () => collection('qaAnswers');
export const qaVotes = () => collection('qaVotes');
export const qaReports = () => collection('qaReports');
/** qaWeeks/{week}_{subject}: the console's first-answer figures, an entry per question (figures.ts). */
export const qaWeeks = () => collection('qaWeeks');

/** A new post's moderation and edit state: shown, not deleted, unreported, unedited. */
export const NEW_POST_STATE = { hidden: null, deleted: false, reports: 0, history: [], editedAt: null };

/** What a deleted post shows in place of its text. */
export const DELETED_POST = 'Deleted by author';

export type QaQuestionDoc = Stored<'qaQuestions'>;
export type QaAnswerDoc = Stored<'qaAnswers'>;

export const iso = (t: { toMillis(): number }) => new Date(t.toMillis()).toISOString();
