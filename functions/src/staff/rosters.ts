import { CONFIRMED_UNTIL_MS, seatTaken } from '@upskill/domain/batches';
import { csvRow } from '@upskill/domain/common';
import { ROSTER_CSV_COLUMNS, type RosterEntry } from '@upskill/domain/staff';
import { withDeadline } from '../http/handler';
import { batchNotFound } from '../batches/seats';
import { batches, seats, waitlist } from '../batches/store';
import { enrollments } from '../enrollment/store';

/** GET /api/staff/batches/{id}/roster (?format=csv): each seat's state and who has it, then the waitlist. */
export async function roster(id: string): Promise<RosterEntry[]> {
  const nowMs = Date.now();
  if (!(await withDeadline(batches().doc(id).get())).exists) throw batchNotFound();
  const [taken, waiting] = await withDeadline(
    Promise.all([seats().where('batchId', '==', id).get(), waitlist().where('batchId', '==', id).orderBy('createdAt').get()]),
  );
  const entries: RosterEntry[] = [];
  const seatsNow = taken.docs
    .map((d) => d.data())
    .filter((s) => seatTaken(s.activeUntil.toMillis(), nowMs))
    .sort((a, b) => a.index - b.index);
  const people = await withDeadline(
    Promise.all(seatsNow.map((s) => (s.enrollmentId ? enrollments().doc(s.enrollmentId).get() : Promise.resolve(undefined)))),
  );
  seatsNow.forEach((seat, i) => {
    const person = people[i]?.data();
    const offered = seat.waitlistId ? waiting.docs.find((w) => w.id === seat.waitlistId)?.data() : undefined;
    entries.push({
      state: seat.state,
      name: person?.name ?? offered?.name ?? '',
      email: person?.email ?? offered?.email ?? '',
      phone: person?.phone ?? offered?.phone ?? '',
      enrollmentId: seat.enrollmentId,
      until: seat.activeUntil.toMillis() >= CONFIRMED_UNTIL_MS ? null : seat.activeUntil.toDate().toISOString(),
    });
  });
  for (const doc of waiting.docs) {
    const w = doc.data();
    if (w.status === 'waiting')
      entries.push({ state: 'waitlisted', name: w.name, email: w.email, phone: w.phone, enrollmentId: null, until: null });
  }
  return entries;
}

export function rosterCsv(entries: RosterEntry[]): string {
  return (
    [csvRow(ROSTER_CSV_COLUMNS), ...entries.map((e) => csvRow([e.state, e.name, e.email, e.phone, e.enrollmentId, e.until]))].join('\r\n') +
    '\r\n'
  );
}

/**
 * POST /api/staff/enrollments/{id}/move {batchId}: the learner's seat moves to another batch of the
 * same offering, atomically (a paid seat stays confirmed, a hold stays a hold); the learner is mailed.
 * It also settles a payment that found no seat.
 */
