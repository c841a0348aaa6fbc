// The enrollment feature's public entry: what other features may use. Nothing here loads the
// catalogue, so the home page's Enroll buttons stay light. Its pages load through the router.
export { enrollLink, targetParam, type EnrollmentTarget, type EnrollmentLinkState } from './enrollLink';
export { EnrollNowLink } from './EnrollNowLink';
export type { EnrollmentRecord } from './api';
// The enrollment in progress, kept for the tab: the payment step reads it, signing out clears it.
export { clearDraft, loadDraft, saveDraft, type EnrollmentDraft } from './draft';
