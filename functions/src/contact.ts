import { FieldValue } from 'firebase-admin/firestore';
import type { ContactAnswer } from '@upskill/domain/api';
import { contactSchema, normaliseContact } from '@upskill/domain/schemas';
import { collection } from './platform/collections';
import { db } from './platform/database';
import { jsonEndpoint, withDeadline } from './http/handler';
import { enforceRateLimit } from './http/rateLimit';
import { allowMethods, readJsonObject } from './http/request';
import { validateBody } from './http/validate';
import { randomBytes } from 'node:crypto';
import { queueMail } from './mail/outbox';
import { PRIVACY_REQUEST_TOPIC } from '@upskill/domain/enums';
import { GRIEVANCE_EMAIL, STAFF_EMAIL } from './platform/mailer';

/** POST /api/contact: validate with the shared schema, store in contactMessages with its two mails, answer 201 {id}. */
export const handleContact = jsonEndpoint('contact', async (req, res) => {
  allowMethods(req, ['POST']);
  const body = readJsonObject(req);
  const input = await validateBody(contactSchema, body, 'Please check the highlighted fields.');
  await enforceRateLimit('contact', req);

  // A filled honeypot means a bot: answer like a success so it learns nothing, store nothing.
  if (input.website && input.website.trim() !== '') {
    res.status(201).json({ id: randomBytes(10).toString('hex') } satisfies ContactAnswer);
    return;
  }

  const message = normaliseContact(input);
  const ref = collection('contactMessages').doc();
  // The message, the sender's acknowledgement and the staff's copy: all three or none.
  const batch = db().batch();
  batch.create(ref, { ...message, handled: false, handledAt: null, handledBy: null, handledNote: null, createdAt: FieldValue.serverTimestamp() });
  queueMail(batch, message.email, { template: 'contact-ack', data: { fullName: message.fullName, message: message.message, courseInterest: message.courseInterest } });
  // A privacy request goes to the grievance officer's inbox rather than admissions.
  const inbox = message.courseInterest === PRIVACY_REQUEST_TOPIC ? GRIEVANCE_EMAIL.value() : STAFF_EMAIL.value();
  queueMail(batch, inbox, { template: 'contact-staff', data: { contactId: ref.id, ...message } });
  await withDeadline(batch.commit());
  res.status(201).json({ id: ref.id } satisfies ContactAnswer);
});
