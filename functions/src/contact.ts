import { FieldValue } from 'firebase-admin/firestore';
import type { ContactAnswer } from './domain/api';
import { contactSchema, normaliseContact } from './domain/schemas';
import { db } from './platform/database';
import { jsonEndpoint, withDeadline } from './http/handler';
import { enforceRateLimit } from './http/rateLimit';
import { allowMethods, readJsonObject } from './http/request';
import { validateBody } from './http/validate';
import { randomBytes } from 'node:crypto';

/** POST /api/contact: validate with the shared schema, store in contactMessages, answer 201 {id}. */
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

  const ref = db().collection('contactMessages').doc();
  await withDeadline(ref.create({ ...normaliseContact(input), createdAt: FieldValue.serverTimestamp() }));
  res.status(201).json({ id: ref.id } satisfies ContactAnswer);
});
