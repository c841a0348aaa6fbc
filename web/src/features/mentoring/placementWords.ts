/** The learner's own reports, in their words. */
export const REPORT_LABELS = { offer: 'I have an offer', joined: 'I have joined' } as const;
