// The enrollment feature's public entry: what other features may use. Its pages load through the router.
export { enrollLink, targetFromParam, isEnrollmentTarget, type EnrollmentTarget, type EnrollmentLinkState } from './target';
export { clearDraft, loadDraft, type EnrollmentDraft } from './draft';
export type { EnrollmentRecord } from './api';
