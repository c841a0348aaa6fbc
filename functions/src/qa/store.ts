import { collection, type Stored } from '../platform/collections';

export const qaQuestions = () => collection('qaQuestions');
export const qaAnswers = () => collection('qaAnswers');
export const qaVotes = () => collection('qaVotes');

export type QaQuestionDoc = Stored<'qaQuestions'>;
export type QaAnswerDoc = Stored<'qaAnswers'>;

export const iso = (t: { toMillis(): number }) => new Date(t.toMillis()).toISOString();
