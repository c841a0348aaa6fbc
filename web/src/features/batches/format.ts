import type { BatchListing } from '@upskill/domain/enrollment';
import { dayNames, formatIndiaDate } from '@upskill/domain/batches';

/** "Mon, Wed, Fri · 19:00–20:30 IST" */
export const batchHours = (batch: BatchListing) => `${dayNames(batch.days)} · ${batch.startTime}–${batch.endTime} IST`;
export const batchStart = (batch: BatchListing) => `Starts ${formatIndiaDate(batch.startDate)}`;
export const seatsText = (batch: BatchListing) =>
  batch.status === 'full' || batch.seatsLeft === 0
    ? 'Full – join the waitlist'
    : `${batch.seatsLeft} ${batch.seatsLeft === 1 ? 'seat' : 'seats'} left`;
