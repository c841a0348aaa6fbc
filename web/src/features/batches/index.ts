// Batches on the site: live seat figures, the course page's list, the form's picker and the waitlist.
// Only the seats bar (on every card) loads with the page; the course page's list, the form's picker and
// the waitlist form are fetched when their page renders them (the public pages' 130 KB budget).
import { lazy } from 'react';

export { SeatsBar } from './SeatsBar';
export { fetchBatches } from './api';
export const UpcomingBatches = lazy(() => import('./UpcomingBatches').then((m) => ({ default: m.UpcomingBatches })));
export const BatchPicker = lazy(() => import('./BatchPicker').then((m) => ({ default: m.BatchPicker })));
export const WaitlistForm = lazy(() => import('./WaitlistForm').then((m) => ({ default: m.WaitlistForm })));
