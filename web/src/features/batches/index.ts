// Batches on the site: live seat figures, the course page's list, the form's picker and the waitlist.
// Everything here is light enough for a prerendered public page; the waitlist form (react-hook-form and
// the shared schemas) loads only when someone opens it.
import { lazy } from 'react';

export { SeatsBar } from './SeatsBar';
export { UpcomingBatches } from './UpcomingBatches';
export { BatchPicker } from './BatchPicker';
export { fetchBatches } from './api';
export const WaitlistForm = lazy(() => import('./WaitlistForm').then((m) => ({ default: m.WaitlistForm })));
