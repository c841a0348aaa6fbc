import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { ContactAnswer } from '@upskill/domain/enrollment';
import { PRIVACY_REQUEST_TOPIC } from '@upskill/domain/common';
import { contactSchema, normaliseContact } from '@upskill/domain/forms';
import { contactReplyDueAt } from '@upskill/domain/support';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { collection } from '../platform/collections';
import { db } from '../platform/database';
import { GRIEVANCE_EMAIL, STAFF_EMAIL } from '../platform/mailer';
import { writeContactWeekEntry } from '../support/contactFigures';

/**
 * POST /api/contact: a visitor's message, its acknowledgement and the staff's copy. The message carries its reply's
 * due moment (24 hours on, or the grievance officer's days for a privacy request), which the acknowledgement states.
 */
export async function receiveContactMessage(req: HttpRequest, nowMs: number): Promise<ContactAnswer> {
  const body = readJsonObject(req);
  const input = await validateBody(contactSchema, body, 'Please check the highlighted fields.');
  await enforceRateLimit('contact', req);

  // A filled honeypot means a bot: answer like a success so it learns nothing, store nothing.
  if (input.website && input.website.trim() !== '') return { id: randomBytes(10).toString('hex') };

  const message = normaliseContact(input);
  const ref = collection('contactMessages').doc();
  const dueAt = contactReplyDueAt(nowMs, message.courseInterest);
  // The message, the sender's acknowledgement and the staff's copy: all three or none.
  const batch = db().batch();
  batch.create(ref, {
    ...message,
    handled: false,
    handledAt: null,
    handledBy: null,
    handledNote: null,
    createdAt: Timestamp.fromMillis(nowMs),
    dueAt: Timestamp.fromMillis(dueAt),
  });
  // Its reply clock in the console's week figures, in the same commit.
  writeContactWeekEntry(batch, ref.id, { receivedMs: nowMs, dueMs: dueAt, handledMs: null }, 'keep', nowMs);
  queueMail(batch, message.email, {
    template: 'contact-ack',
    data: {
      fullName: message.fullName,
      message: message.message,
      courseInterest: message.courseInterest,
      replyBy: new Date(dueAt).toISOString(),
    },
  });
  // A privacy request goes to the grievance officer's inbox rather than admissions.
  const inbox = message.courseInterest === PRIVACY_REQUEST_TOPIC ? GRIEVANCE_EMAIL.value() : STAFF_EMAIL.value();
  queueMail(batch, inbox, { template: 'contact-staff', data: { contactId: ref.id, ...message } });
  await withDeadline(batch.commit());
  return { id: ref.id };
}
