import { attendanceId, joinOpensAtMs } from '@upskill/domain/learning';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { csvRow } from '@upskill/domain/common';
import { COURSES } from '@upskill/domain/catalogue';
import {
  TEAM_CSV_HEADER,
  memberProgress,
  weeklyAttendance,
  type MemberProgress,
  type TeamList,
  type TeamOverview,
  type TeamSeatView,
} from '@upskill/domain/organisations';
import { batchesWithSessions } from '../batches/store';
import { readById } from '../platform/readById';
import { enrollments } from '../enrollment/store';
import { withDeadline } from '../http/handler';
import { attendance } from '../learning/store';
import { assignmentWork } from '../assignments/store';
import { certificates } from '../certificates/store';
import { administered, notAnAdmin } from '../organisations/access';
import {
  currentOrderView,
  orderReference,
  orderSeats,
  organisationView,
  seatOrders,
  seatView,
  type OrganisationDoc,
} from '../organisations/store';

/**
 * The team page's reads (issue 56): an organisation's orders, its seats and each member's learning (attendance,
 * graded assignments, certificates, last class), and classes attended per week. Reads are bounded by what the page
 * shows: the organisation's seats, then their members' records by `in` queries of 30 enrollments at a time.
 * Never a member's mentoring, questions or support requests.
 */

const chunks = <T>(items: readonly T[], size = 30): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(chunks([...new Set(ids)]).map(read))).flat();
}

/** GET /api/team: the organisations this account administers (403 for none). */
export async function teamList(account: DecodedIdToken): Promise<TeamList> {
  const found = await administered(account);
  if (found.length === 0) throw notAnAdmin();
  return { organisations: found.map((d) => ({ id: d.id, legalName: d.data().legalName, kind: d.data().kind })) };
}

/** Each claimed member's learning, by seat id: their seat's enrollment and the enrollments its credits paid for. */
async function progressBySeat(
  seatEnrollments: Map<string, string>,
  nowMs: number,
): Promise<{ bySeat: Map<string, MemberProgress>; attendedAt: number[] }> {
  const roots = [...seatEnrollments.values()];
  const covered = await inChunks(roots, async (ids) =>
    (await withDeadline(enrollments().where('coveredBy.enrollmentId', 'in', ids).get())).docs.map((d) => ({ id: d.id, doc: d.data() })),
  );
  const rootOf = new Map<string, string>(roots.map((id) => [id, id]));
  for (const child of covered) rootOf.set(child.id, child.doc.coveredBy!.enrollmentId);
  const rootDocs = roots.length
    ? (await withDeadline(enrollments().firestore.getAll(...roots.map((id) => enrollments().doc(id))))).flatMap((snap) => {
        const doc = snap.data();
        return doc ? [{ id: snap.id, doc }] : [];
      })
    : [];
  const all = [...rootOf.keys()];
  const batchOf = new Map<string, string>();
  for (const { id, doc } of [...rootDocs, ...covered]) if (doc.batchId) batchOf.set(id, doc.batchId);
  // Sessions and attendance by id (sessions/{batchId}_{n}, attendance/{sessionId}_{enrollmentId}): the same
  // documents an `in` query returns, without the emulator's scan of every session and mark, which took this page
  // past its 8 s at ten times the data (tests/load/launch.scale.ts).
  const [batchSessions, work, certs] = await Promise.all([
    withDeadline(batchesWithSessions([...new Set(batchOf.values())])),
    inChunks(all, async (ids) => (await withDeadline(assignmentWork().where('enrollmentId', 'in', ids).get())).docs.map((d) => d.data())),
    inChunks(all, async (ids) =>
      (await withDeadline(certificates().where('enrollmentId', 'in', ids).get())).docs.map((d) => ({ code: d.id, ...d.data() })),
    ),
  ]);
  const held = batchSessions.flatMap((b) => b.sessions.map(({ id, doc }) => ({ id, doc })));
  const heldByBatch = new Map<string, number>();
  const startOf = new Map<string, number>();
  const begun = new Map<string, string[]>();
  for (const { id, doc: s } of held) {
    startOf.set(id, s.startsAt.toMillis());
    if (s.startsAt.toMillis() <= nowMs && s.status !== 'cancelled') heldByBatch.set(s.batchId, (heldByBatch.get(s.batchId) ?? 0) + 1);
    // A mark can exist from the moment a session's join opens (a learner in early), whatever became of it since.
    if (joinOpensAtMs({ startsAtMs: s.startsAt.toMillis() }) <= nowMs) begun.set(s.batchId, [...(begun.get(s.batchId) ?? []), id]);
  }
  const markRefs = all.flatMap((enrollmentId) =>
    (begun.get(batchOf.get(enrollmentId) ?? '') ?? []).map((sessionId) => attendance().doc(attendanceId(sessionId, enrollmentId))),
  );
  const marks = await withDeadline(readById(markRefs));
  const bySeat = new Map<string, MemberProgress>();
  const attendedAt: number[] = [];
  for (const [seat, root] of seatEnrollments) {
    const mine = new Set(all.filter((id) => rootOf.get(id) === root));
    const records = marks.filter((m) => mine.has(m.enrollmentId));
    for (const m of records) if (m.present) attendedAt.push(startOf.get(m.sessionId) ?? m.at.toMillis());
    bySeat.set(
      seat,
      memberProgress({
        attendance: records.map((m) => ({ present: m.present, atMs: m.at.toMillis(), sessionStartMs: startOf.get(m.sessionId) ?? null })),
        held: [...mine].reduce((sum, id) => sum + (heldByBatch.get(batchOf.get(id) ?? '') ?? 0), 0),
        work: work.filter((w) => mine.has(w.enrollmentId)),
        certificates: certs.filter((c) => mine.has(c.enrollmentId)),
      }),
    );
  }
  return { bySeat, attendedAt };
}

/** The courses a quote can name, as the quote form lists them. */
const COURSE_CHOICES = COURSES.map(({ slug, name }) => ({ slug, name }));

/** GET /api/team/{org}: the organisation as its admin sees it. */
export async function teamOverview(id: string, organisation: OrganisationDoc, nowMs: number): Promise<TeamOverview> {
  const [orders, handed] = await Promise.all([
    withDeadline(seatOrders().where('organisationId', '==', id).orderBy('createdAt', 'desc').limit(50).get()),
    withDeadline(orderSeats().where('organisationId', '==', id).get()),
  ]);
  const claimed = new Map(
    handed.docs
      .filter((d) => (d.data().state === 'claimed' || d.data().state === 'ended') && d.data().enrollmentId)
      .map((d) => [d.id, d.data().enrollmentId!]),
  );
  const { bySeat, attendedAt } = await progressBySeat(claimed, nowMs);
  const seatsView: TeamSeatView[] = handed.docs
    .map((d) => ({ ...seatView(d.id, d.data()), progress: bySeat.get(d.id) ?? null }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    organisation: organisationView(id, organisation),
    // Each paid order's counts from its lanes (at most 8 documents an order, read by id).
    orders: await Promise.all(orders.docs.map((d) => currentOrderView(d.id, d.data(), nowMs))),
    seats: seatsView,
    weeks: weeklyAttendance(attendedAt, nowMs),
    courses: COURSE_CHOICES,
    now: new Date(nowMs).toISOString(),
  };
}

/** GET /api/team/{org}/members.csv: the same seats and learning, one row per seat handed out. */
export async function teamCsv(id: string, organisation: OrganisationDoc, nowMs: number): Promise<string> {
  const overview = await teamOverview(id, organisation, nowMs);
  const rows = overview.seats.map((s) =>
    csvRow([
      s.id,
      s.state,
      s.name ?? '',
      s.email ?? '',
      orderReference(s.orderId),
      s.progress?.attended ?? '',
      s.progress?.held ?? '',
      s.progress?.lastAttendedAt?.slice(0, 10) ?? '',
      s.progress?.assignmentsPassed ?? '',
      s.progress?.assignmentsReviewed ?? '',
      s.progress?.certificates.map((c) => `${c.course} (${c.code})`).join('; ') ?? '',
    ]),
  );
  return [csvRow([...TEAM_CSV_HEADER]), ...rows].join('\r\n') + '\r\n';
}
