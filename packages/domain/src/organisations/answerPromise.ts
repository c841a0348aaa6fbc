import { WORKING_HOURS, addWorkingHours } from '../support';

/**
 * What our pages promise an organisation that asks for seats (and a quote of 100 or more seats that staff price): an
 * answer within one working day, counted in India's working hours as support's promise is. Kept apart from the
 * organisation rules so that /team, which imports those, does not load the rest of support with them.
 */
export const ANSWER_WITHIN_WORKING_HOURS = WORKING_HOURS.endHour - WORKING_HOURS.startHour;

/** When a request made at `askedAtMs` is promised its answer. */
export const answerDueAt = (askedAtMs: number): number => addWorkingHours(askedAtMs, ANSWER_WITHIN_WORKING_HOURS);
