import { markSeat } from '../batches/board';
import { FieldValue, Timestamp, type DocumentReference, type WriteBatch } from 'firebase-admin/firestore';
import {
  OFFERINGS,
  PUBLIC_CAPACITY_MESSAGE,
  batchLabel,
  capacityLimit,
  findOffering,
  type BatchCampus,
  firstMeetingOnOrAfter,
  planSessions,
  seatTaken,
  type InstructorKey,
  type PlannedSession,
} from '@upskill/domain/batches';
import { BATCH_TIMES, type BatchTime } from '@upskill/domain/common';
import {
  batchCancelSchema,
  batchPlanSchema,
  batchCreateSchema,
  batchEditSchema,
  type StaffActionAnswer,
  type StaffBatch,
} from '@upskill/domain/staff';
import { GRPC, HttpError, errorCode } from '../http/errors';
import { sha256 } from '../http/request';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { chunks } from '../platform/chunks';
import { db } from '../platform/database';
import { collection } from '../platform/collections';
import { batchFull, batchNotFound } from '../batches/seats';
import { batches, listing, seats, sessions, seatCountsOf, waitlist, type BatchDoc } from '../batches/store';
import { enrollments } from '../enrollment/store';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { newMeetingUrl } from '../learning/meeting';
import { runTransaction } from '../http/transaction';
import { dropOffering, lastOfOffering, noteOffering } from '../batches/instructorOfferings';
import { qaQuestions } from '../qa/store';
import { qaSpaceId } from '@upskill/domain/qa';

/**
 * The console's batches: create, change and cancel them, see their roster, move a learner. Each change
 * writes its audit entry in the same transaction (or atomic batch) as the change.
 */

/** The batch's timing fields, from its offering, time and start date: sessions are derived, never sent. */
function schedule(offeringSlug: string, batchTime: BatchTime, startDate: string) {
  const offering = findOffering(offeringSlug);
  if (!offering) throw new HttpError('invalid-argument', 'Choose a course or programme.', { offering: 'Choose a course or programme.' });
  let planned;
  try {
    planned = planSessions(offering, batchTime, startDate);
  } catch {
    throw new HttpError('invalid-argument', `A ${batchTime} batch starts on one of its days.`, {
      startDate: `Choose a day this batch meets on (${batchTime}).`,
    });
  }
  const last = planned[planned.length - 1];
  return {
    offering,
    planned,
    startsAt: Timestamp.fromDate(new Date(planned[0].startsAt)),
    endsAt: Timestamp.fromDate(new Date(last.endsAt)),
    endDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(last.endsAt)),
  };
}

function mustBeFuture(startsAt: Timestamp) {
  if (startsAt.toMillis() <= Date.now())
    throw new HttpError('invalid-argument', 'A batch starts in the future.', { startDate: 'Choose a date in the future.' });
}

/**
 * A new batch, its sessions and its audit entry, in one atomic batch of writes (creates only, so no read is
 * needed and a second create of the same batch fails whole). Firestore takes up to 500 writes in one: the
 * longest programme has 72 sessions.
 */
function writeNewBatch(
  wb: WriteBatch,
  ref: DocumentReference<BatchDoc>,
  batch: Omit<BatchDoc, 'createdAt' | 'updatedAt'>,
  planned: PlannedSession[],
  actor: StaffActor,
  detail: string,
): string {
  wb.create(ref, {
    ...batch,
    meetingUrl: batch.meetingUrl ?? newMeetingUrl(),
    createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
    updatedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
  });
  noteOffering(wb, batch.instructor, batch.offering);
  for (const s of planned) {
    wb.create(sessions().doc(`${ref.id}_${s.index}`), {
      batchId: ref.id,
      index: s.index,
      topic: s.topic,
      startsAt: Timestamp.fromDate(new Date(s.startsAt)),
      endsAt: Timestamp.fromDate(new Date(s.endsAt)),
    });
  }
  return writeAudit(wb, actor, 'batch-created', { kind: 'batch', id: ref.id }, detail);
}

/** The organisation a campus batch is opened for: it must exist and be confirmed. */
async function campusOf(organisationId: string): Promise<BatchCampus> {
  const organisation = (await withDeadline(collection('organisations').doc(organisationId).get())).data();
  if (!organisation || organisation.status !== 'confirmed')
    throw new HttpError('invalid-argument', 'Please check the batch.', { campus: 'Choose a confirmed organisation.' });
  return { organisationId, name: organisation.legalName };
}

/** POST /api/staff/batches */
export async function createBatch(actor: StaffActor, body: Record<string, unknown>): Promise<StaffActionAnswer & { batchId: string }> {
  const input = await validateBody(batchCreateSchema, body, 'Please check the batch.');
  const batchTime = input.batchTime as BatchTime;
  const { offering, planned, startsAt, endsAt, endDate } = schedule(input.offering, batchTime, input.startDate);
  mustBeFuture(startsAt);
  // A campus batch is its organisation's: named on the batch, so the console and the organisation's page label it.
  const campus = input.campus ? await campusOf(input.campus) : null;
  const ref = batches().doc();
  const wb = db().batch();
  const auditId = writeNewBatch(
    wb,
    ref,
    {
      offering: offering.slug,
      batchTime,
      startDate: input.startDate,
      endDate,
      startsAt,
      endsAt,
      sessionCount: planned.length,
      capacity: input.capacity,
      instructor: (input.instructor ?? offering.instructor) as InstructorKey,
      status: 'open',
      campus,
    },
    planned,
    actor,
    `${offering.name}: ${batchLabel({ batchTime, startDate: input.startDate })}, ${input.capacity} seats${campus ? ` (campus batch for ${campus.name})` : ''}`,
  );
  await withDeadline(wb.commit());
  return { ok: true, auditId, batchId: ref.id };
}

/**
 * POST /api/staff/batches/{id}/edit: capacity never below the seats taken (confirmed, held or offered);
 * seats numbered above a smaller capacity move down into free numbers, in the same transaction.
 */
export async function editBatch(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(batchEditSchema, body, 'Please check the batch.');
  const ref = batches().doc(id);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const batch = (await tx.get(ref)).data();
      if (!batch) throw batchNotFound();
      if (batch.status === 'cancelled') throw new HttpError('failed-precondition', 'This batch is cancelled.');
      const nowMs = Date.now();
      const taken = (await tx.get(seats().where('batchId', '==', id))).docs;
      const active = taken.filter((d) => seatTaken(d.data().activeUntil.toMillis(), nowMs));
      // A move to another instructor reads, before any write: the batch space's questions waiting for the team, and
      // whether this was the old instructor's last batch of the offering.
      const moving =
        input.instructor !== undefined && input.instructor !== batch.instructor
          ? {
              waiting: await tx.get(
                qaQuestions()
                  .where('spaceId', '==', qaSpaceId({ kind: 'batch', batchId: id }))
                  .where('firstAnswerAt', '==', null),
              ),
              last: await lastOfOffering(tx, batch.instructor, batch.offering, id),
            }
          : null;
      const confirmed = active.filter((d) => d.data().state === 'confirmed').length;
      const capacity = input.capacity ?? batch.capacity;
      if (capacity > capacityLimit(Boolean(batch.campus)))
        throw new HttpError('invalid-argument', 'Please check the batch.', { capacity: PUBLIC_CAPACITY_MESSAGE });
      if (capacity < active.length) {
        throw new HttpError(
          'failed-precondition',
          `${active.length} seats are taken (${confirmed} paid, ${active.length - confirmed} held for people paying now); capacity cannot go below that.`,
          { capacity: `At least ${active.length}.` },
        );
      }
      const changes: string[] = [];
      const update: Partial<BatchDoc> = {};
      if (input.startDate !== undefined && input.startDate !== batch.startDate) {
        if (batch.startsAt.toMillis() <= nowMs)
          throw new HttpError('failed-precondition', 'This batch has started; its dates cannot change.');
        const next = schedule(batch.offering, batch.batchTime, input.startDate);
        mustBeFuture(next.startsAt);
        Object.assign(update, {
          startDate: input.startDate,
          endDate: next.endDate,
          startsAt: next.startsAt,
          endsAt: next.endsAt,
          sessionCount: next.planned.length,
        });
        const old = (await tx.get(sessions().where('batchId', '==', id))).docs;
        for (const doc of old) tx.delete(doc.ref);
        for (const s of next.planned) {
          tx.set(sessions().doc(`${id}_${s.index}`), {
            batchId: id,
            index: s.index,
            topic: s.topic,
            startsAt: Timestamp.fromDate(new Date(s.startsAt)),
            endsAt: Timestamp.fromDate(new Date(s.endsAt)),
          });
        }
        changes.push(`start ${batch.startDate} → ${input.startDate}`);
      }
      if (capacity !== batch.capacity) {
        update.capacity = capacity;
        changes.push(`capacity ${batch.capacity} → ${capacity}`);
        // Seats numbered at or above the new capacity move to free numbers below it (with their enrollment's pointer).
        const used = new Set(active.map((d) => d.data().index));
        const free = Array.from({ length: capacity }, (_, i) => i).filter((i) => !used.has(i));
        for (const doc of taken) {
          const seat = doc.data();
          if (seat.index < capacity) continue;
          tx.delete(doc.ref);
          markSeat(tx, id, seat.index, null);
          if (!active.includes(doc)) continue;
          const index = free.shift();
          if (index === undefined) throw batchFull();
          const moved = seats().doc(`${id}_${index}`);
          tx.set(moved, { ...seat, index, updatedAt: Timestamp.now() });
          markSeat(tx, id, index, seat.activeUntil);
          if (seat.enrollmentId) tx.update(enrollments().doc(seat.enrollmentId), { seatId: moved.id });
          if (seat.waitlistId) tx.update(waitlist().doc(seat.waitlistId), { seatId: moved.id });
        }
      }
      if (moving && input.instructor !== undefined) {
        update.instructor = input.instructor as InstructorKey;
        changes.push(`instructor → ${input.instructor}`);
        // The batch space's questions still waiting for the team move to the new instructor's answer queue.
        for (const doc of moving.waiting.docs) tx.update(doc.ref, { instructor: input.instructor });
        if (moving.last) dropOffering(tx, batch.instructor, batch.offering);
        noteOffering(tx, input.instructor, batch.offering);
      }
      if (changes.length === 0) throw new HttpError('invalid-argument', 'Nothing to change.');
      tx.update(ref, { ...update, updatedAt: FieldValue.serverTimestamp() });
      return writeAudit(tx, actor, 'batch-updated', { kind: 'batch', id }, changes.join('; '));
    }),
  );
  return { ok: true, auditId };
}

/** POST /api/staff/batches/{id}/cancel: stops all sales; paid learners are then moved or refunded by staff. */
export async function cancelBatch(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { reason } = await validateBody(batchCancelSchema, body, 'Please say why.');
  const ref = batches().doc(id);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const batch = (await tx.get(ref)).data();
      if (!batch) throw batchNotFound();
      if (batch.status === 'cancelled') throw new HttpError('failed-precondition', 'This batch is already cancelled.');
      tx.update(ref, { status: 'cancelled', updatedAt: FieldValue.serverTimestamp() });
      return writeAudit(tx, actor, 'batch-cancelled', { kind: 'batch', id }, reason.trim());
    }),
  );
  return { ok: true, auditId };
}

/** GET /api/staff/batches?offering={slug}: every batch of an offering with its seat counts. */
export async function listBatches(offeringSlug: unknown): Promise<{ batches: StaffBatch[] }> {
  if (typeof offeringSlug !== 'string' || !findOffering(offeringSlug))
    throw new HttpError('invalid-argument', 'Choose a course or programme.');
  const nowMs = Date.now();
  const found = await withDeadline(batches().where('offering', '==', offeringSlug).orderBy('startsAt').limit(100).get());
  const list = found.docs.map((doc) => ({ id: doc.id, doc: doc.data() }));
  const ids = list.map(({ id }) => id);
  // Seats from the seat boards (a read a batch) and the waiting list 30 batches to a query: a query per batch
  // (200 for 100 batches) ran past the request's budget on a loaded machine.
  const [counts, waitingSnaps] = await withDeadline(
    Promise.all([
      seatCountsOf(list, nowMs),
      Promise.all(chunks(ids, 30).map((group) => waitlist().where('batchId', 'in', group).where('status', '==', 'waiting').get())),
    ]),
  );
  const waiting = new Map<string, number>();
  for (const d of waitingSnaps.flatMap((snap) => snap.docs)) waiting.set(d.data().batchId, (waiting.get(d.data().batchId) ?? 0) + 1);
  return {
    batches: list.map(({ id, doc }) => {
      const { taken, confirmed } = counts.get(id) ?? { taken: 0, confirmed: 0 };
      return {
        ...listing(id, doc, taken, nowMs),
        instructor: doc.instructor,
        confirmed,
        held: taken - confirmed,
        waiting: waiting.get(id) ?? 0,
      };
    }),
  };
}

export async function planIntake(actor: StaffActor, body: Record<string, unknown>): Promise<{ ok: true; created: number }> {
  const input = await validateBody(batchPlanSchema, body, 'Please check the intake.');
  const window = { from: input.from, to: addDaysTo(input.from, 28) };
  // One transaction per offering (its batches, their sessions and audit entries together), a few at a time.
  // Per offering: what exists, then its new batches in one atomic write. Ids follow from offering, time and
  // date, so two people opening the same intake at once create each batch once (the second write fails whole).
  const planOne = async (offering: (typeof OFFERINGS)[number]): Promise<number> => {
    const existing = (await withDeadline(batches().where('offering', '==', offering.slug).get())).docs.map((d) => d.data());
    const wb = db().batch();
    let count = 0;
    for (const batchTime of BATCH_TIMES) {
      if (existing.some((b) => b.batchTime === batchTime && b.status === 'open' && b.startDate >= window.from && b.startDate < window.to))
        continue;
      const startDate = firstMeetingOnOrAfter(batchTime, input.from);
      const { planned, startsAt, endsAt, endDate } = schedule(offering.slug, batchTime, startDate);
      if (startsAt.toMillis() <= Date.now()) continue;
      const ref = batches().doc(sha256(`${offering.slug}\n${batchTime}\n${startDate}`).slice(0, 20));
      writeNewBatch(
        wb,
        ref,
        {
          offering: offering.slug,
          batchTime,
          startDate,
          endDate,
          startsAt,
          endsAt,
          sessionCount: planned.length,
          capacity: input.capacity,
          instructor: offering.instructor,
          status: 'open',
        },
        planned,
        actor,
        `${offering.name}: ${batchLabel({ batchTime, startDate })}, ${input.capacity} seats (intake from ${input.from})`,
      );
      count++;
    }
    if (count === 0) return 0;
    try {
      await withDeadline(wb.commit());
      return count;
    } catch (err) {
      if (errorCode(err) === GRPC.ALREADY_EXISTS) return 0; // someone opened it at the same moment
      throw err;
    }
  };
  const chosen = OFFERINGS.filter((o) => input.offerings.includes(o.slug));
  const created = (await Promise.all(chosen.map(planOne))).reduce((a, b) => a + b, 0);
  return { ok: true, created };
}

function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
