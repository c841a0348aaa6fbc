// What the learner's mentoring parts share (kept apart so the section and its lazily loaded forms can both use it).

export type Signed = { getIdToken(): Promise<string> };

/** The 12-hour cut-off, as the server applies it (domain mentoringRules.changeOutcome). */
export const CUT_OFF_MS = 12 * 3_600_000;
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
