import type { BatchListing } from '@upskill/domain/api';
import { dayNames, formatIndiaDate } from '@upskill/domain/batchTimes';

/** "Mon, Wed, Fri · 19:00–20:30 IST" */
export const batchHours = (batch: BatchListing) => `${dayNames(batch.days)} · ${batch.startTime}–${batch.endTime} IST`;
export const batchStart = (batch: BatchListing) => `Starts ${formatIndiaDate(batch.startDate)}`;
export const seatsText = (batch: BatchListing) =>
  batch.status === 'full' || batch.seatsLeft === 0
    ? 'Full – join the waitlist'
    : `${batch.seatsLeft} ${batch.seatsLeft === 1 ? 'seat' : 'seats'} left`;
