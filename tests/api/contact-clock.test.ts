import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffContactFigures } from '@upskill/domain/support';
import { call, contactMessage } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, type TestUser } from '../support/auth';
import { EMULATOR_NOW_HEADER } from '../support/env';
import { mailWith } from '../support/mail';
import { createStaff } from '../support/staff';

// The contact form's reply clock: each message is due a reply 24 hours after it arrives, any day of the week (a
// privacy request: the grievance officer's 90 days); the acknowledgement says by when; the console counts what
// was answered in time, late, and what waits past its promise. Every instant here is named through the request
// clock, in January 2033: far from any window that moves with today, and from the moved-clock runs (+9 and +400
// days), so nobody else's messages share these weeks.

const at = (iso: string) => ({ [EMULATOR_NOW_HEADER]: iso });
let staff: TestUser;
let learner: TestUser;
beforeAll(async () => {
  [staff, learner] = await Promise.all([createStaff(), createUser({ emailVerified: true })]);
});

/** A message sent at an instant, from a client of its own (each is one contact form's allowance). */
async function sendAt(iso: string, patch: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const body = contactMessage({ fullName: `Clock ${randomUUID().slice(0, 6)}`, ...patch });
  const res = await call<{ id: string }>('POST', '/api/contact', { body, headers: at(iso), client: `clock-${randomUUID().slice(0, 8)}` });
  expect(res.status).toBe(201);
  return { id: res.body.id, email: String(body.email).toLowerCase() };
}

async function handleAt(id: string, iso: string): Promise<void> {
  const res = await call('POST', `/api/staff/messages/${id}/handled`, { body: {}, headers: { ...bearer(staff), ...at(iso) } });
  expect(res.status).toBe(200);
}

describe('the contact reply clock', () => {
  it('a message is due 24 hours on, any day of the week, and the acknowledgement says by when', async () => {
    // Saturday 2 July 2033, 19:30 IST: due Sunday 19:30, not the next working day.
    const sent = await sendAt('2033-07-02T14:00:00Z');
    const stored = (await db().collection('contactMessages').doc(sent.id).get()).data()!;
    expect(stored.createdAt.toDate().toISOString()).toBe('2033-07-02T14:00:00.000Z');
    expect(stored.dueAt.toDate().toISOString()).toBe('2033-07-03T14:00:00.000Z');
    const ack = await mailWith(sent.email, 'We have your message');
    expect(ack.text).toContain('we reply within 24 hours, any day of the week: by Sun 3 Jul, 19:30 IST.');
    expect(ack.text).not.toContain('Monday to Saturday');
  });

  it('a privacy request is due when the grievance officer must answer: 90 days', async () => {
    const sent = await sendAt('2033-07-02T14:00:00Z', { courseInterest: 'Privacy request' });
    const stored = (await db().collection('contactMessages').doc(sent.id).get()).data()!;
    expect(stored.dueAt.toDate().toISOString()).toBe('2033-09-30T14:00:00.000Z');
  });

  it('the console counts each week: answered in time, late, and waiting past the promise', async () => {
    // The week of Monday 10 January 2033 (IST), seen on Friday 14 January, 12:00 IST.
    const now = '2033-01-14T06:30:00Z';
    const onTime = await sendAt('2033-01-11T04:30:00Z'); // Tue 10:00 IST, due Wed 10:00
    const late = await sendAt('2033-01-11T05:30:00Z'); // Tue 11:00 IST, due Wed 11:00
    await sendAt('2033-01-12T06:30:00Z'); // Wed 12:00 IST, due Thu 12:00: overdue on Friday
    await sendAt('2033-01-14T06:00:00Z'); // Fri 11:30 IST: still within its 24 hours
    await sendAt('2033-01-10T03:30:00Z', { courseInterest: 'Privacy request' }); // Mon 09:00 IST, due in April
    // The week before: Sunday 9 January, 23:30 IST, answered Monday 09:00: in time.
    const sunday = await sendAt('2033-01-09T18:00:00Z');
    await handleAt(onTime.id, '2033-01-12T03:30:00Z'); // Wed 09:00 IST
    await handleAt(late.id, '2033-01-13T03:30:00Z'); // Thu 09:00 IST
    await handleAt(sunday.id, '2033-01-10T03:30:00Z');

    const waitingBefore = await db().collection('contactMessages').where('handled', '==', false).count().get();
    const figures = await call<StaffContactFigures>('GET', '/api/staff/messages/figures', { headers: { ...bearer(staff), ...at(now) } });
    const waitingAfter = await db().collection('contactMessages').where('handled', '==', false).count().get();
    expect(figures.status).toBe(200);
    expect(figures.body.now).toBe('2033-01-14T06:30:00.000Z');
    expect(figures.body.weeks).toHaveLength(8);
    expect(figures.body.weeks[7]).toEqual({ weekStart: '2033-01-09T18:30:00.000Z', received: 5, onTime: 1, late: 1, overdue: 1 });
    expect(figures.body.weeks[6]).toEqual({ weekStart: '2033-01-02T18:30:00.000Z', received: 1, onTime: 1, late: 0, overdue: 0 });
    expect(figures.body.weeks.slice(0, 6).every((w) => w.received === 0)).toBe(true);
    // Two in time of four whose promise has ended (the one within its hours and the privacy request count neither way).
    expect(figures.body.onTimeShare).toBe(0.5);
    // Every waiting message of any week counts; other files write messages at the same time, so between the two counts.
    expect(figures.body.waiting).toBeGreaterThanOrEqual(waitingBefore.data().count);
    expect(figures.body.waiting).toBeLessThanOrEqual(waitingAfter.data().count);
    // Everyone's real-clock messages were due long before 2033: all that wait are overdue but four of this file's
    // (Friday's, January's privacy request, and the two of July).
    expect(figures.body.overdue).toBeLessThanOrEqual(figures.body.waiting - 4);
    expect(figures.body.overdue).toBeGreaterThanOrEqual(waitingBefore.data().count - 4);
  });

  it('kept with each message and its handling: one written around the API counts once the rebuild job has run; a rebuild while messages arrive loses none', async () => {
    // The week of Monday 12 March 2035 (IST), seen on Thursday 15 March, 12:00 IST: nobody else's messages are there.
    const now = '2035-03-15T06:30:00Z';
    const figures = async () => {
      const res = await call<StaffContactFigures>('GET', '/api/staff/messages/figures', { headers: { ...bearer(staff), ...at(now) } });
      expect(res.status).toBe(200);
      return res.body.weeks[7];
    };
    const first = await sendAt('2035-03-12T04:30:00Z'); // Mon 10:00 IST
    await handleAt(first.id, '2035-03-12T06:30:00Z'); // in time
    expect(await figures()).toEqual({ weekStart: '2035-03-11T18:30:00.000Z', received: 1, onTime: 1, late: 0, overdue: 0 });
    // An import: a message written straight to Firestore, arrived Tuesday 10:00 IST and never handled (overdue by Thursday).
    await db()
      .collection('contactMessages')
      .doc(`imported${randomUUID().slice(0, 8)}`)
      .set({
        ...(await db().collection('contactMessages').doc(first.id).get()).data(),
        handled: false,
        handledAt: null,
        handledBy: null,
        createdAt: Timestamp.fromDate(new Date('2035-03-13T04:30:00Z')),
        dueAt: Timestamp.fromDate(new Date('2035-03-14T04:30:00Z')),
      });
    expect((await figures()).received).toBe(1);
    const job = () => promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'contact-figures', '--as-of', now], { env: process.env });
    expect((await job()).stdout).toMatch(/contact-figures as of 2035-03-15T06:30:00.000Z: \{"weeks":8,"documents":1,"messages":2\}/);
    expect(await figures()).toEqual({ weekStart: '2035-03-11T18:30:00.000Z', received: 2, onTime: 1, late: 0, overdue: 1 });
    // Rebuilt while messages keep arriving (sent Wednesday 10:00 IST, due Thursday 10:00: overdue at noon), each lands
    // before the rebuild reads the week or after it writes it: none is lost.
    let rebuilding = true;
    const running = job().finally(() => (rebuilding = false));
    let during = 0;
    while (rebuilding && during < 6) {
      await sendAt('2035-03-14T04:30:00Z');
      during += 1;
    }
    await running;
    expect(during).toBeGreaterThan(0);
    expect(await figures()).toEqual({
      weekStart: '2035-03-11T18:30:00.000Z',
      received: 2 + during,
      onTime: 1,
      late: 0,
      overdue: 1 + during,
    });
  });

  it('the figures are for staff only', async () => {
    expect((await call('GET', '/api/staff/messages/figures')).status).toBe(401);
    const refused = await call<{ error: { code: string } }>('GET', '/api/staff/messages/figures', { headers: bearer(learner) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('permission-denied');
  });
});
