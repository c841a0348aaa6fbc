import type { LearnerBatch, LearningAnswer } from '@upskill/domain/enrollment';
import { batchLabel, batchStatus, findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import {
  behindLabel,
  behindNow,
  joinOpensAtMs,
  progressMilestones,
  recordingDueAtMs,
  sessionStatus,
  sessionsHeld,
} from '@upskill/domain/learning';
import { recordingsUntil, withinWindow } from '@upskill/domain/enrollment';
import { assignmentDates, assignmentsFor, assignmentWorkId } from '@upskill/domain/assignments';
import { withDeadline } from '../http/handler';
import { collection } from '../platform/collections';
import { db } from '../platform/database';
import { batches, batchTimes, sessionsOfBatch } from '../batches/store';
import { certificates, learnerCertificate } from '../certificates/store';
import { starterSummaries } from '../starter/lessons';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { attendance, ownPlaces, sessionTimes, topicSessions, type Place, type Account } from '../learning/store';

/** One place's batch with its timetable and the learner's attendance. Recordings show once a session is held. */
async function learnerBatch(place: Place, nowMs: number, site: string): Promise<LearnerBatch | null> {
  const code = place.enrollment.certificateCode;
  const [batchSnap, attendedSnap, certSnap] = await withDeadline(
    Promise.all([
      batches().doc(place.batchId).get(),
      attendance().where('enrollmentId', '==', place.enrollmentId).get(),
      code ? certificates().doc(code).get() : Promise.resolve(null),
    ]),
  );
  const cert = certSnap?.data();
  const batch = batchSnap.data();
  if (!batch) return null;
  // The assignments' due dates, from the sessions as they stand and the learner's own extensions.
  const offering = findOffering(batch.offering);
  const assignments = offering ? assignmentsFor(offering) : [];
  const [stored, works] = await withDeadline(
    Promise.all([
      sessionsOfBatch(place.batchId, batch),
      assignments.length > 0
        ? db().getAll(...assignments.map((a) => collection('assignmentWork').doc(assignmentWorkId(place.enrollmentId, a.id))))
        : [],
    ]),
  );
  // Single Course Access: recordings stay open for 6 months from purchase, then close (the server decides).
  const paidAt = place.enrollment.payment?.paidAt;
  const openUntil = recordingsUntil(place.enrollment, paidAt ? paidAt.toMillis() : null);
  const recordingsOpen = withinWindow(openUntil, nowMs);
  const present = new Set(
    attendedSnap.docs.filter((d) => d.data().present && d.data().batchId === place.batchId).map((d) => d.data().sessionId),
  );
  const list = stored.map(({ id, doc }) => {
    const times = sessionTimes(doc);
    const status = sessionStatus(times, nowMs);
    return {
      id,
      index: doc.index,
      topic: doc.topic,
      status,
      startsAt: doc.startsAt.toDate().toISOString(),
      endsAt: doc.endsAt.toDate().toISOString(),
      joinOpensAt: new Date(joinOpensAtMs(times)).toISOString(),
      recordingUrl: status === 'held' && recordingsOpen ? (doc.recordingUrl ?? null) : null,
      recordingDueAt: status === 'held' && recordingsOpen && !doc.recordingUrl ? new Date(recordingDueAtMs(times)).toISOString() : null,
      notes: status === 'held' ? (doc.notes ?? null) : null,
      attended: present.has(id),
    };
  });
  // Read once for every assignment's dates; each assignment's due moment (with the learner's extension), once.
  const onTopics = topicSessions({ sessions: stored });
  const dated = assignments.flatMap((assignment, i) => {
    const work = works[i]?.data();
    const dates = assignmentDates(assignment, onTopics, work?.extension?.days ?? 0);
    return dates ? [{ assignment, work, dueAtMs: dates.dueAtMs }] : [];
  });
  const held = sessionsHeld(
    stored.map(({ doc }) => sessionTimes(doc)),
    nowMs,
  );
  return {
    enrollmentId: place.enrollmentId,
    batchId: place.batchId,
    offering: findOffering(batch.offering)?.name ?? batch.offering,
    batchTime: batch.batchTime,
    label: batchLabel(batch),
    startDate: batch.startDate,
    endDate: batch.endDate,
    instructor: INSTRUCTORS[batch.instructor].name,
    // Seats do not matter to someone who has one: a full batch is simply open to them.
    status: batchStatus(batchTimes(batch), 0, nowMs),
    sessions: list,
    held,
    attended: list.filter((s) => s.attended).length,
    certificate: code && cert ? learnerCertificate(code, cert, site) : null,
    recordingsUntil: openUntil === null ? null : new Date(openUntil).toISOString(),
    milestones: progressMilestones({
      classes: stored.filter(({ doc }) => doc.status !== 'cancelled').length,
      attended: list.filter((s) => s.attended).length,
      assignments: assignments.map((a, i) => ({ id: a.id, title: a.title, passed: works[i]?.data()?.state === 'passed' })),
      certificate: Boolean(code && cert && cert.status === 'valid'),
    }),
    behind: behindNow(
      list.filter((s) => s.status === 'held').map((s) => ({ id: s.id, number: s.index + 1, attended: s.attended })),
      dated.map(({ assignment, work, dueAtMs }) => ({
        assignmentId: assignment.id,
        title: assignment.title,
        dueAtMs,
        submitted: Boolean(work && work.state !== 'not-started'),
      })),
      nowMs,
    ).map((cause) => ({ key: cause.key, label: behindLabel(cause) })),
    deadlines: dated
      .map(({ assignment, work, dueAtMs }) => ({
        assignmentId: assignment.id,
        title: assignment.title,
        dueAt: new Date(dueAtMs).toISOString(),
        state: work?.state ?? 'not-started',
      }))
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt)),
  };
}

/** GET /api/learning: the caller's batches, soonest first. */
export async function learningHome(caller: Account, nowMs: number, site: string): Promise<LearningAnswer> {
  // One read of the learner's enrollments serves both their places and their starter modules.
  const owned = enrollmentsOwnedBy(caller);
  const [places, starter] = await Promise.all([ownPlaces(caller, nowMs, owned), starterSummaries(caller, nowMs, owned)]);
  const found = (await Promise.all(places.map((p) => learnerBatch(p, nowMs, site)))).filter((b): b is LearnerBatch => b !== null);
  found.sort((a, b) => a.startDate.localeCompare(b.startDate));
  return { now: new Date(nowMs).toISOString(), batches: found, starter };
}
