import { assignmentsFor } from '@upskill/domain/assignments';
import { batchLabel, batchStatus, findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/instructors';
import { sessionStatus, sessionsHeld } from '@upskill/domain/learning';
import type { TeachingAnswer, TeachingBatch } from '@upskill/domain/teaching';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, batchTimes, sessions, type BatchDoc } from '../batches/store';
import { attendance, sessionTimes } from '../learning/store';
import { mayTeach, type Teacher } from './access';
import { batchLearners } from './roster';

async function teachingBatch(batchId: string, batch: BatchDoc, nowMs: number): Promise<TeachingBatch> {
  const [sessionSnap, attendanceSnap, learners] = await Promise.all([
    sessions().where('batchId', '==', batchId).get(),
    attendance().where('batchId', '==', batchId).get(),
    batchLearners(batchId),
  ]);
  const present = new Map<string, string[]>();
  for (const doc of attendanceSnap.docs) {
    const a = doc.data();
    if (a.present) present.set(a.sessionId, [...(present.get(a.sessionId) ?? []), a.enrollmentId]);
  }
  const list = sessionSnap.docs.map((d) => ({ id: d.id, doc: d.data() })).sort((a, b) => a.doc.index - b.doc.index);
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
      notes: doc.notes ?? null,
      present: present.get(id) ?? [],
    })),
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
 * GET /api/teaching: an instructor's own batches (not cancelled), soonest first. Staff name one batch with
 * ?batch={id} (any batch); an account that is both sees its own too.
 */
export async function listTeaching(teacher: Teacher, batchParam: unknown, nowMs: number): Promise<TeachingAnswer> {
  const found: { id: string; doc: BatchDoc }[] = [];
  if (batchParam !== undefined) {
    if (typeof batchParam !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(batchParam)) throw new HttpError('not-found', 'No such batch.');
    const doc = (await withDeadline(batches().doc(batchParam).get())).data();
    // Another instructor's batch is the same 404 as a missing one: nothing about it leaks.
    if (!doc || !mayTeach(teacher, doc)) throw new HttpError('not-found', 'No such batch.');
    found.push({ id: batchParam, doc });
  } else if (teacher.instructor) {
    const own = await withDeadline(batches().where('instructor', '==', teacher.instructor).get());
    const since = nowMs - RECENT_DAYS * 86_400_000;
    for (const d of own.docs)
      if (d.data().status !== 'cancelled' && d.data().endsAt.toMillis() > since) found.push({ id: d.id, doc: d.data() });
  }
  found.sort((a, b) => a.doc.startsAt.toMillis() - b.doc.startsAt.toMillis());
  const total = found.length;
  found.splice(MAX_BATCHES);
  return {
    now: new Date(nowMs).toISOString(),
    total,
    instructor: teacher.instructor ? INSTRUCTORS[teacher.instructor].name : teacher.email,
    batches: await withDeadline(Promise.all(found.map(({ id, doc }) => teachingBatch(id, doc, nowMs)))),
  };
}
