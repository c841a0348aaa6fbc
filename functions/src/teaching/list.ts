import { assignmentsFor } from '@upskill/domain/assignments';
import { batchLabel, batchStatus, findOffering, type StoredBatchStatus } from '@upskill/domain/batches';
import { Timestamp } from 'firebase-admin/firestore';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { attendanceId, joinOpensAtMs, recordingDueAtMs, sessionStatus, sessionsHeld } from '@upskill/domain/learning';
import type { AtRiskLearner, TeachingAnswer, TeachingBatch } from '@upskill/domain/teaching';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { holdsPlace } from '@upskill/domain/enrollment';
import { batches, batchTimes, confirmedSeatsOf, sessionsOf, type BatchDoc, type StoredSession } from '../batches/store';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { attendance, sessionTimes } from '../learning/store';
import { collection, type Stored } from '../platform/collections';
import { chunks } from '../platform/chunks';
import { db } from '../platform/database';
import { readById } from '../platform/readById';
import { mayTeach, type Teacher } from './access';
import type { Learner } from './roster';

/** What the page shows of a batch besides the batch itself: its sessions, its attendance, its learners and who fell behind. */
export interface BatchData {
  sessions: StoredSession[];
  attendance: Stored<'attendance'>[];
  learners: Learner[];
  nudges: Stored<'nudges'>[];
}

/**
 * The sessions, attendance and learners of many batches, every read by id: their sessions and confirmed seats (see
 * confirmedSeatsOf), the learners' enrollments, then each learner's marks for the sessions whose join has opened
 * (attendance/{sessionId}_{enrollmentId}) and their nudge record (nudges/{enrollmentId}). The reads follow the learners
 * and sessions the page lists: a `batchId` query read every mark ever kept for the batch, and the emulator answers one
 * by scanning the whole collection (My teaching read 815 documents at the scale test's 1x and 1,445 at 10x that way).
 */
export async function batchData(list: readonly { id: string; doc: BatchDoc }[], nowMs: number): Promise<Map<string, BatchData>> {
  const [sessionsByBatch, seatsByBatch] = await Promise.all([sessionsOf(list), confirmedSeatsOf(list)]);
  const confirmed = [...seatsByBatch.values()].flat().filter((seat) => seat.state === 'confirmed' && Boolean(seat.enrollmentId));
  const enrollmentSnaps = (
    await Promise.all(chunks(confirmed, 300).map((g) => db().getAll(...g.map((seat) => enrollments().doc(seat.enrollmentId ?? '')))))
  ).flat();
  const data = new Map<string, BatchData>(
    list.map(({ id }) => [id, { sessions: sessionsByBatch.get(id) ?? [], attendance: [], learners: [], nudges: [] }]),
  );
  for (const snap of enrollmentSnaps) {
    const enrollment = snap.data() as EnrollmentDoc | undefined;
    // The same rule as batchLearners: a paid (or trial) place, in this batch.
    if (enrollment && holdsPlace(enrollment.status) && enrollment.batchId)
      data.get(enrollment.batchId)?.learners.push({ enrollmentId: snap.id, enrollment });
  }
  // A mark can exist from the moment a session's join opens (a learner in early).
  const markRefs = [...data.values()].flatMap(({ sessions, learners }) =>
    sessions
      .filter(({ doc }) => joinOpensAtMs({ startsAtMs: doc.startsAt.toMillis() }) <= nowMs)
      .flatMap(({ id }) => learners.map(({ enrollmentId }) => attendance().doc(attendanceId(id, enrollmentId)))),
  );
  const nudgeRefs = [...data.values()].flatMap(({ learners }) =>
    learners.map(({ enrollmentId }) => collection('nudges').doc(enrollmentId)),
  );
  const [marks, nudges] = await Promise.all([readById(markRefs), readById(nudgeRefs)]);
  for (const mark of marks) data.get(mark.batchId)?.attendance.push(mark);
  for (const nudge of nudges) data.get(nudge.batchId)?.nudges.push(nudge);
  return data;
}

function teachingBatch(batchId: string, batch: BatchDoc, nowMs: number, data: BatchData): TeachingBatch {
  const learners = data.learners;
  const present = new Map<string, string[]>();
  for (const a of data.attendance) {
    if (a.present) present.set(a.sessionId, [...(present.get(a.sessionId) ?? []), a.enrollmentId]);
  }
  const list = data.sessions; // in order (sessionsOf)
  return {
    batchId,
    offering: findOffering(batch.offering)?.name ?? batch.offering,
    assignments: offeringAssignments(batch.offering),
    batchTime: batch.batchTime,
    label: batchLabel(batch),
    status: batchStatus(batchTimes(batch), 0, nowMs),
    held: sessionsHeld(
      list.map(({ doc }) => sessionTimes(doc)),
      nowMs,
    ),
    sessions: list.map(({ id, doc }) => ({
      id,
      index: doc.index,
      topic: doc.topic,
      startsAt: doc.startsAt.toDate().toISOString(),
      endsAt: doc.endsAt.toDate().toISOString(),
      status: sessionStatus(sessionTimes(doc), nowMs),
      sequence: doc.sequence ?? 0,
      recordingUrl: doc.recordingUrl ?? null,
      recordingDueAt:
        sessionStatus(sessionTimes(doc), nowMs) === 'held' && !doc.recordingUrl
          ? new Date(recordingDueAtMs(sessionTimes(doc))).toISOString()
          : null,
      notes: doc.notes ?? null,
      present: present.get(id) ?? [],
    })),
    atRisk: atRiskOf(data, nowMs),
    roster: learners
      .map(({ enrollmentId, enrollment }) => ({
        enrollmentId,
        name: enrollment.name,
        email: enrollment.email,
        attended: [...present.values()].filter((ids) => ids.includes(enrollmentId)).length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * The learners of the batch who were nudged (teaching/nudges.ts), latest nudge first, each cause with its day, the
 * instructor's note, and whether they attended a class since the latest nudge.
 */
function atRiskOf(data: BatchData, nowMs: number): AtRiskLearner[] {
  const learnerOf = new Map(data.learners.map((l) => [l.enrollmentId, l.enrollment]));
  const endOf = new Map(data.sessions.map(({ id, doc }) => [id, doc.endsAt.toMillis()]));
  return data.nudges
    .flatMap((nudge) => {
      const learner = learnerOf.get(nudge.enrollmentId);
      if (!learner) return [];
      const causes = Object.entries(nudge.causes)
        .map(([key, c]) => ({ key, label: c.label, at: c.at.toDate().toISOString() }))
        .sort((a, b) => a.at.localeCompare(b.at));
      const latest = Date.parse(causes[causes.length - 1]?.at ?? new Date(nowMs).toISOString());
      const attendedSince = data.attendance.some(
        (a) => a.enrollmentId === nudge.enrollmentId && a.present && (endOf.get(a.sessionId) ?? 0) > latest,
      );
      return [
        {
          enrollmentId: nudge.enrollmentId,
          name: learner.name,
          email: learner.email,
          causes,
          attendedSince,
          note: nudge.note,
          noteBy: nudge.noteBy,
          noteAt: nudge.noteAt ? nudge.noteAt.toDate().toISOString() : null,
        },
      ];
    })
    .sort((a, b) => (b.causes.at(-1)?.at ?? '').localeCompare(a.causes.at(-1)?.at ?? ''));
}

/** The offering's assignments by id and title (none for an offering the catalogue no longer has). */
function offeringAssignments(slug: string): { id: string; title: string }[] {
  const offering = findOffering(slug);
  return offering ? assignmentsFor(offering).map((a) => ({ id: a.id, title: a.title })) : [];
}

/** Batches that ended more than this long ago drop off the list (staff still open them by id). */
const RECENT_DAYS = 30;
/** The soonest this many: running and upcoming batches first. */
const MAX_BATCHES = 20;

/**
 * GET /api/teaching: an instructor's own batches (not cancelled, not ended 30 days ago), the first 20 by start date,
 * and how many there are in all. Staff name one batch with ?batch={id} (any batch); an account that is both sees its
 * own too. Two reads of at most 20 and a count, never every batch of the instructor: the 20 that started last (the
 * running and recently ended ones among them) and the 20 that start next. A batch still running behind 20 later
 * starts would drop off; an instructor teaches a handful at a time.
 */
export async function listTeaching(teacher: Teacher, batchParam: unknown, nowMs: number): Promise<TeachingAnswer> {
  let found: { id: string; doc: BatchDoc }[] = [];
  let total = 0;
  if (batchParam !== undefined) {
    if (typeof batchParam !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(batchParam)) throw new HttpError('not-found', 'No such batch.');
    const doc = (await withDeadline(batches().doc(batchParam).get())).data();
    // Another instructor's batch is the same 404 as a missing one: nothing about it leaks.
    if (!doc || !mayTeach(teacher, doc)) throw new HttpError('not-found', 'No such batch.');
    found.push({ id: batchParam, doc });
    total = 1;
  } else if (teacher.instructor) {
    const since = Timestamp.fromMillis(nowMs - RECENT_DAYS * 86_400_000);
    const now = Timestamp.fromMillis(nowMs);
    const own = batches()
      .where('instructor', '==', teacher.instructor)
      .where('status', 'in', ['open', 'completed'] satisfies StoredBatchStatus[]);
    const [started, next, counted] = await withDeadline(
      Promise.all([
        own.where('startsAt', '<=', now).orderBy('startsAt', 'desc').limit(MAX_BATCHES).get(),
        own.where('startsAt', '>', now).orderBy('startsAt').limit(MAX_BATCHES).get(),
        own.where('endsAt', '>', since).count().get(),
      ]),
    );
    found = [...started.docs, ...next.docs]
      .map((d) => ({ id: d.id, doc: d.data() }))
      .filter(({ doc }) => doc.endsAt.toMillis() > since.toMillis());
    total = counted.data().count;
  }
  found.sort((a, b) => a.doc.startsAt.toMillis() - b.doc.startsAt.toMillis());
  found.splice(MAX_BATCHES);
  return {
    now: new Date(nowMs).toISOString(),
    total,
    instructor: teacher.instructor ? INSTRUCTORS[teacher.instructor].name : teacher.email,
    batches: await withDeadline(
      batchData(found, nowMs).then((data) => found.map(({ id, doc }) => teachingBatch(id, doc, nowMs, data.get(id)!))),
    ),
  };
}
