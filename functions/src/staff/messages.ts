import { FieldValue } from 'firebase-admin/firestore';
import { handledSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { collection } from '../platform/collections';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { runTransaction } from '../http/transaction';

/** Marks a contact message handled, with an optional note. Once: a second click says who got there first. */
export async function markMessageHandled(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
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
      tx.update(ref, { handled: true, handledAt: FieldValue.serverTimestamp(), handledBy: actor.email, handledNote: note || null });
      return writeAudit(tx, actor, 'message-handled', { kind: 'contactMessage', id }, note);
    }),
  );
  return { ok: true, auditId };
}
