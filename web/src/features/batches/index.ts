// Batches on the site: live seat figures, the course page's list, the form's picker and the waitlist.
export { SeatsBar } from './SeatsBar';
export { UpcomingBatches } from './UpcomingBatches';
export { BatchPicker } from './BatchPicker';
export { WaitlistForm } from './WaitlistForm';
export { fetchBatches } from './api';
