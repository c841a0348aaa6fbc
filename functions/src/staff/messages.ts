import { Timestamp } from 'firebase-admin/firestore';
import { handledSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { figureWeeks } from '@upskill/domain/batches';
import { contactOnTimeShare, contactWeeks, type StaffContactFigures } from '@upskill/domain/support';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { collection } from '../platform/collections';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { runTransaction } from '../http/transaction';

/**
 * Marks a contact message handled (its reply sent by mail), with an optional note, at the request's moment: the
 * reply clock's figures compare it with the message's due moment. Once: a second click says who got there first.
 */
export async function markMessageHandled(
  actor: StaffActor,
  id: string,
  body: Record<string, unknown>,
  nowMs: number,
): Promise<StaffActionAnswer> {
  const input = await validateBody(handledSchema, body, 'Please check the note.');
  const note = (input.note ?? '').trim();
  const ref = collection('contactMessages').doc(id);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const message = (await tx.get(ref)).data();
      if (!message) throw new HttpError('not-found', 'No contact message with that id.');
      if (message.handled) {
        throw new HttpError('failed-precondition', `This message was already marked handled by ${message.handledBy ?? 'a colleague'}.`);
      }
      tx.update(ref, { handled: true, handledAt: Timestamp.fromMillis(nowMs), handledBy: actor.email, handledNote: note || null });
      return writeAudit(tx, actor, 'message-handled', { kind: 'contactMessage', id }, note);
    }),
  );
  return { ok: true, auditId };
}

/** At most this many waiting messages are counted; the console lists every one of them, oldest promise first. */
const WAITING_COUNTED = 1000;
/** The figures read at most this many messages of their weeks. */
const WEEKS_READ = 2000;

/**
 * GET /api/staff/messages/figures: the last weeks' messages against their 24-hour promise, and what waits now.
 * Two bounded reads: the weeks' messages by arrival, and the waiting ones by due moment.
 */
export async function contactFigures(nowMs: number): Promise<StaffContactFigures> {
  const messages = collection('contactMessages');
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  const [recent, waiting] = await Promise.all([
    withDeadline(messages.where('createdAt', '>=', since).orderBy('createdAt', 'asc').limit(WEEKS_READ).get()),
    withDeadline(messages.where('handled', '==', false).orderBy('dueAt', 'asc').limit(WAITING_COUNTED).get()),
  ]);
  const weeks = contactWeeks(
    recent.docs.map((snap) => {
      const d = snap.data();
      return {
        receivedMs: d.createdAt.toMillis(),
        dueMs: d.dueAt.toMillis(),
        handledMs: d.handled && d.handledAt ? d.handledAt.toMillis() : null,
      };
    }),
    nowMs,
  );
  return {
    weeks,
    onTimeShare: contactOnTimeShare(weeks),
    waiting: waiting.size,
    overdue: waiting.docs.filter((snap) => snap.data().dueAt.toMillis() < nowMs).length,
    now: new Date(nowMs).toISOString(),
  };
}
