import { Timestamp } from 'firebase-admin/firestore';
import { handledSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { contactOnTimeShare, contactWeeks, type StaffContactFigures } from '@upskill/domain/support';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { collection } from '../platform/collections';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { runTransaction } from '../http/transaction';
import { clockOf, shownContactWeeks, writeContactWeekEntry } from '../support/contactFigures';

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
      // Handled: its clock in the week's figures stops, in the same transaction.
      writeContactWeekEntry(tx, id, { ...clockOf(message), handledMs: nowMs }, 'keep', nowMs);
      return writeAudit(tx, actor, 'message-handled', { kind: 'contactMessage', id }, note);
    }),
  );
  return { ok: true, auditId };
}

/**
 * GET /api/staff/messages/figures: the last weeks' messages against their 24-hour promise, and what waits now. The weeks
 * from their documents (at most eight), what waits and what is overdue by two counts (a read per thousand counted).
 */
export async function contactFigures(nowMs: number): Promise<StaffContactFigures> {
  const waiting = collection('contactMessages').where('handled', '==', false);
  const [weekDocs, waitingCount, overdueCount] = await Promise.all([
    shownContactWeeks(nowMs),
    withDeadline(waiting.count().get()),
    withDeadline(waiting.where('dueAt', '<', Timestamp.fromMillis(nowMs)).count().get()),
  ]);
  const weeks = contactWeeks(
    weekDocs.flatMap((d) => Object.values(d.messages)),
    nowMs,
  );
  return {
    weeks,
    onTimeShare: contactOnTimeShare(weeks),
    waiting: waitingCount.data().count,
    overdue: overdueCount.data().count,
    now: new Date(nowMs).toISOString(),
  };
}
