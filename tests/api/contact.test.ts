import { describe, expect, it } from 'vitest';
import { call, contactMessage } from '../support/api';
import { randomUUID } from 'node:crypto';
import { db } from '../support/admin';

/**
 * A message marked as this request's own (a unique name and message text), and how many stored messages carry the
 * mark: other files send contact messages side by side with this one, so the whole collection's count is no measure.
 */
function marked(patch: Record<string, unknown>) {
  const mark = randomUUID().slice(0, 8);
  const body = contactMessage({ fullName: `Rahul Desai ${mark}`, message: `When does the next batch start? (${mark})`, ...patch });
  // Whichever of the two the case leaves as marked (one case blanks the name, another the message).
  const field = 'fullName' in patch ? 'message' : 'fullName';
  const stored = async () => (await db().collection('contactMessages').where(field, '==', body[field]).count().get()).data().count;
  return { body, stored };
}

describe('POST /api/contact through Hosting', () => {
  it('stores a valid message with a server timestamp and answers 201 {id}', async () => {
    const message = contactMessage({ fullName: '  Rahul Desai  ' });
    const res = await call<{ id: string }>('POST', '/api/contact', { body: message });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    const snap = await db().collection('contactMessages').doc(res.body.id).get();
    expect(snap.exists).toBe(true);
    expect(snap.get('fullName')).toBe('Rahul Desai');
    expect(snap.get('email')).toBe(message.email.toLowerCase());
    expect(snap.get('message')).toBe(message.message);
    expect(snap.get('createdAt').toDate()).toBeInstanceOf(Date);
  });

  it('accepts a message without a course of interest', async () => {
    const { courseInterest: _omitted, ...message } = contactMessage();
    const res = await call('POST', '/api/contact', { body: message });
    expect(res.status).toBe(201);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['blank full name', { fullName: '   ' }, 'fullName', 'Full Name is required'],
    ['missing e-mail', { email: '' }, 'email', 'Email is required'],
    ['malformed e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    ['missing mobile', { mobile: '' }, 'mobile', 'Mobile number is required'],
    ['mobile with letters', { mobile: '98765abcde' }, 'mobile', 'Please enter a valid mobile number'],
    ['blank message', { message: ' ' }, 'message', 'Please enter your message'],
    ['unknown course option', { courseInterest: 'Astrology' }, 'courseInterest', 'Please choose a course from the list'],
  ];
  for (const [name, patch, field, text] of cases) {
    it(`rejects ${name} with the spec's message`, async () => {
      const { body, stored } = marked(patch);
      const res = await call<{ error: { code: string; fields: Record<string, string> } }>('POST', '/api/contact', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-argument');
      expect(res.body.error.fields[field]).toBe(text);
      expect(await stored()).toBe(0);
    });
  }

  it('rejects unknown fields', async () => {
    const res = await call<{ error: { fields: Record<string, string> } }>('POST', '/api/contact', {
      body: contactMessage({ admin: true }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields._unknown).toMatch(/Unexpected field/);
  });

  it('drops a honeypot submission silently: 201 but nothing stored', async () => {
    const { body, stored } = marked({ website: 'http://spam.example' });
    const res = await call('POST', '/api/contact', { body });
    expect(res.status).toBe(201);
    expect(await stored()).toBe(0);
    // The same message without the trap is stored, and found by its mark: the check above can see a message.
    const { website: _trap, ...kept } = body as typeof body & { website: string };
    expect((await call('POST', '/api/contact', { body: kept })).status).toBe(201);
    expect(await stored()).toBe(1);
  });
});
