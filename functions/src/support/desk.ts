import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { STAFF_CLAIM } from '@upskill/domain/staff';
import { MAX_SUPPORT_THREAD, SUPPORT_TOPIC_LABELS, supportAssignSchema, supportMessageSchema } from '@upskill/domain/support';
import { supportFigures, type StaffSupportAnswer, type StaffSupportRequest } from '@upskill/domain/support';
import { figureWeeks } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { validateBody } from '../http/validate';
import { writeAudit } from '../audit/staffAudit';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { staffRequestView, supportRequests, type SupportRequestDoc } from './store';
import { runTransaction } from '../http/transaction';
import { shownSupportWeeks, writeSupportWeekEntry } from './figures';

const notFound = () => new HttpError('not-found', 'No such support request.');
/** The weeks the console's figures cover. */

/** How a staff member signs a reply to a learner: their display name, else the team's. */
const signature = (user: UserRecord | undefined) => user?.displayName?.trim() || 'Upskill support';

/** Everyone with console access, as the assign menu lists them (a scan of the accounts, as the Team tab does). */
async function staffTeam(): Promise<{ uid: string; name: string }[]> {
  const team: { uid: string; name: string }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await withDeadline(getAuth(adminApp()).listUsers(1000, pageToken));
    for (const user of page.users)
      if (user.customClaims?.[STAFF_CLAIM] === true) team.push({ uid: user.uid, name: user.displayName?.trim() || user.email || user.uid });
    pageToken = page.pageToken;
  } while (pageToken);
  return team.sort((a, b) => a.name.localeCompare(b.name));
}

/** Waiting for the team first, soonest promise first; then answered, then closed, most recent first. */
function queueOrder(a: StaffSupportRequest, b: StaffSupportRequest): number {
  const rank = { open: 0, answered: 1, closed: 2 } as const;
  if (rank[a.state] !== rank[b.state]) return rank[a.state] - rank[b.state];
  return a.state === 'open' ? Date.parse(a.dueAt) - Date.parse(b.dueAt) : Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
}

/** GET /api/staff/support: every open request, the last weeks' answered and closed ones, the team, and the figures. */
export async function supportQueue(nowMs: number): Promise<StaffSupportAnswer> {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  const [open, recent, team, weekDocs] = await Promise.all([
    withDeadline(supportRequests().where('state', '==', 'open').orderBy('dueAt', 'asc').limit(500).get()),
    withDeadline(supportRequests().where('createdAt', '>=', since).orderBy('createdAt', 'desc').limit(2000).get()),
    staffTeam(),
    shownSupportWeeks(nowMs),
  ]);
  const byId = new Map<string, StaffSupportRequest>();
  for (const snap of [...open.docs, ...recent.docs]) byId.set(snap.id, staffRequestView(snap.id, snap.data(), nowMs));
  // The figures from the week documents kept with each request and its first answer (the list stops at 2,000).
  const weeks = supportFigures(weekDocs, nowMs);
  const answered = weeks.reduce((n, w) => n + w.answered, 0);
  return {
    requests: [...byId.values()].sort(queueOrder),
    team,
    weeks,
    onTimeShare: answered ? weeks.reduce((n, w) => n + w.onTime, 0) / answered : null,
    now: new Date(nowMs).toISOString(),
  };
}

type Change = (doc: SupportRequestDoc, at: Timestamp) => { next: SupportRequestDoc; detail: string };

/** One staff change to a request, its audit entry and any mail, in one transaction. */
async function change(
  actor: StaffActor,
  id: string,
  action: 'support-assigned' | 'support-replied' | 'support-closed' | 'support-reopened',
  nowMs: number,
  apply: Change,
  mail?: (next: SupportRequestDoc) => Parameters<typeof queueMail>[2],
): Promise<StaffSupportRequest> {
  const ref = supportRequests().doc(id);
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw notFound();
      const { next, detail } = apply(doc, at);
      tx.set(ref, next);
      // The week's figures change with the first answer, in its transaction.
      if (doc.firstReplyAt === null && next.firstReplyAt !== null) writeSupportWeekEntry(tx, id, next, nowMs);
      writeAudit(tx, actor, action, { kind: 'supportRequest', id }, `${doc.reference}: ${detail}`);
      if (mail) queueMail(tx, doc.email, mail(next));
      return staffRequestView(id, next, nowMs);
    }),
  );
}

/** POST /api/staff/support/{id}/assign {uid}: a colleague with console access takes it ("" for nobody). */
export async function assignRequest(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<StaffSupportRequest> {
  const input = await validateBody(supportAssignSchema, body, 'Check who takes it.');
  let assignee: SupportRequestDoc['assignee'] = null;
  if (input.uid) {
    const user = await withDeadline(getAuth(adminApp()).getUser(input.uid)).catch(() => undefined);
    if (!user || user.customClaims?.[STAFF_CLAIM] !== true)
      throw new HttpError('invalid-argument', 'Check who takes it.', { uid: 'Choose someone with console access.' });
    assignee = { uid: user.uid, name: user.displayName?.trim() || user.email || user.uid };
  }
  return change(actor, id, 'support-assigned', nowMs, (doc, at) => ({
    next: { ...doc, assignee, updatedAt: at },
    detail: assignee ? `assigned to ${assignee.name}` : 'unassigned',
  }));
}

/**
 * POST /api/staff/support/{id}/reply {message}: the answer goes into the thread and to the learner's inbox
 * together, and the request is answered. The first answer records whether it came within the promise.
 */
export async function replyToRequest(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<StaffSupportRequest> {
  const input = await validateBody(supportMessageSchema, body, 'Check your reply.');
  const user = await withDeadline(getAuth(adminApp()).getUser(actor.uid)).catch(() => undefined);
  const from = signature(user);
  const reply = input.message.trim();
  return change(
    actor,
    id,
    'support-replied',
    nowMs,
    (doc, at) => {
      if (doc.thread.length >= MAX_SUPPORT_THREAD)
        throw new HttpError('failed-precondition', 'This conversation is at its length limit: ask the learner to open a new request.');
      const first = doc.firstReplyAt === null;
      return {
        next: {
          ...doc,
          state: doc.state === 'closed' ? 'closed' : 'answered',
          thread: [...doc.thread, { from: 'staff', name: from, body: reply, at }],
          firstReplyAt: first ? at : doc.firstReplyAt,
          firstReplyOnTime: first ? nowMs <= doc.dueAt.toMillis() : doc.firstReplyOnTime,
          assignee: doc.assignee ?? { uid: actor.uid, name: user?.displayName?.trim() || actor.email },
          updatedAt: at,
        },
        detail: first ? `first answer, ${nowMs <= doc.dueAt.toMillis() ? 'within' : 'after'} its promise` : 'answered',
      };
    },
    (next) => ({
      template: 'support-reply',
      data: {
        requestId: id,
        reference: next.reference,
        name: next.name,
        topic: SUPPORT_TOPIC_LABELS[next.topic],
        from,
        reply: reply.length > 2000 ? `${reply.slice(0, 2000)}…` : reply,
        closed: next.state === 'closed',
      },
    }),
  );
}

/** POST /api/staff/support/{id}/close and /reopen. */
export async function setClosed(actor: StaffActor, id: string, closed: boolean, nowMs: number): Promise<StaffSupportRequest> {
  return change(actor, id, closed ? 'support-closed' : 'support-reopened', nowMs, (doc, at) => {
    if ((doc.state === 'closed') === closed)
      throw new HttpError('failed-precondition', closed ? 'This request is already closed.' : 'This request is not closed.');
    // Reopened, it waits for the team again if the learner wrote last; else it stands answered.
    const learnerLast = doc.thread[doc.thread.length - 1]?.from === 'learner';
    return {
      next: { ...doc, state: closed ? 'closed' : learnerLast ? 'open' : 'answered', closedAt: closed ? at : null, updatedAt: at },
      detail: closed ? 'closed' : 'reopened',
    };
  });
}
