import { randomBytes, timingSafeEqual } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { WAITLIST_OFFER_HOURS, findOffering, seatTaken, batchLabel } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { waitlistOfferPath } from '@upskill/domain/common';
import type { WaitlistAnswer } from '@upskill/domain/enrollment';
import { waitlistSchema, normaliseWaitlist } from '@upskill/domain/forms';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { sha256, type HttpRequest } from '../http/request';
import { enforceRateLimit } from '../http/rateLimit';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { markSeat } from './board';
import { batches, seatRef, seats, takenSeats, waitlist, type WaitlistDoc } from './store';
import { batchNotFound } from './seats';
import { runTransaction } from '../http/transaction';

/**
 * The waitlist of a full batch: people join in order; whenever a seat is free and someone waits, the
 * first in line is offered it by mail with a link that holds the seat for them for 24 hours. The link
 * carries 256 random bits of which only the hash is stored; it works once, until the offer lapses.
 */

/** POST /api/batches/{id}/waitlist: the same answer whether or not this address already waits. */
export async function joinWaitlist(req: HttpRequest, batchId: string, body: Record<string, unknown>): Promise<WaitlistAnswer> {
  const input = await validateBody(waitlistSchema, body, 'Please check the highlighted fields.');
  await enforceRateLimit('waitlist', req);
  const person = normaliseWaitlist(input);
  const nowMs = Date.now();
  const batch = (await withDeadline(batches().doc(batchId).get())).data();
  if (!batch || batch.campus || batch.status === 'cancelled' || batch.startsAt.toMillis() <= nowMs) throw batchNotFound();
  // A waitlist is for a full batch: with a seat free, enrolling takes it (and nobody can park seats here).
  if ((await takenSeats(batchId, nowMs)) < batch.capacity) {
    throw new HttpError('failed-precondition', 'This batch has a free seat now: enroll in it instead.', {
      batchId: 'A seat is free: enroll instead.',
    });
  }
  // One entry per address and batch: the id is derived from both, so a second join changes nothing.
  const offering = findOffering(batch.offering);
  const course = offering?.kind === 'course' ? COURSES.find((c) => c.slug === offering.slug) : undefined;
  const target = course ? `course-${course.id}` : (input.plan ?? 'pro');
  const ref = waitlist().doc(sha256(`${batchId}\n${person.email}`).slice(0, 40));
  await withDeadline(
    runTransaction(async (tx) => {
      if ((await tx.get(ref)).exists) return;
      tx.create(ref, {
        batchId,
        ...person,
        status: 'waiting',
        offerTokenHash: null,
        offeredUntil: null,
        seatId: null,
        target,
        createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
      });
    }),
  );
  return { status: 'waitlisted' };
}

const newToken = () => randomBytes(32).toString('hex');

/**
 * Offers every free seat of a batch to the people waiting, first come first offered, in one
 * transaction per batch: each offer is the seat (state offered, 24 hours), the entry's token hash and
 * the mail, together. Safe to run any number of times and from anywhere (the seat trigger, a join, a
 * refused buyer): a seat that is taken is never offered.
 */
export async function offerFreeSeats(batchId: string, nowMs: number): Promise<number> {
  return runTransaction(async (tx) => {
    const batch = (await tx.get(batches().doc(batchId))).data();
    if (!batch || batch.status === 'cancelled' || batch.startsAt.toMillis() <= nowMs) return 0;
    const taken = (await tx.get(seats().where('batchId', '==', batchId))).docs;
    const active = new Set(taken.filter((d) => seatTaken(d.data().activeUntil.toMillis(), nowMs)).map((d) => d.data().index));
    const freeCount = batch.capacity - active.size;
    if (freeCount <= 0) return 0;
    const waiting = (
      await tx.get(waitlist().where('batchId', '==', batchId).where('status', '==', 'waiting').orderBy('createdAt').limit(freeCount))
    ).docs;
    if (waiting.length === 0) return 0;
    const lapsed = new Map(taken.map((d) => [d.data().index, d.data()]));
    const free = Array.from({ length: batch.capacity }, (_, i) => i).filter((i) => !active.has(i));
    const offering = findOffering(batch.offering);
    const until = Timestamp.fromMillis(nowMs + WAITLIST_OFFER_HOURS * 3600_000);
    waiting.forEach((entry, n) => {
      const index = free[n];
      const seat = seatRef(batchId, index);
      const previous = lapsed.get(index);
      if (previous?.waitlistId) tx.update(waitlist().doc(previous.waitlistId), { status: 'lapsed', seatId: null });
      tx.set(seat, {
        batchId,
        index,
        state: 'offered',
        enrollmentId: null,
        waitlistId: entry.id,
        activeUntil: until,
        updatedAt: Timestamp.now(),
      });
      markSeat(tx, batchId, index, until);
      const token = newToken();
      tx.update(entry.ref, { status: 'offered', offerTokenHash: sha256(token), offeredUntil: until, seatId: seat.id });
      queueMail(tx, entry.data().email, {
        template: 'waitlist-offer',
        data: {
          name: entry.data().name,
          offering: offering?.name ?? batch.offering,
          batch: batchLabel(batch),
          link: waitlistOfferPath(entry.data().target, batchId, `${entry.id}.${token}`),
          until: until.toDate().toISOString(),
        },
      });
    });
    logger.info('waitlist offers', { batchId, offered: waiting.length });
    return waiting.length;
  });
}

const refusedOffer = () =>
  new HttpError('permission-denied', 'This waitlist link is not valid any more. It may have been used already or have expired.');

/** An offer link's parts: "{entry id}.{token}". */
export function parseOffer(value: string): { entryId: string; token: string } {
  const match = /^([a-f0-9]{40})\.([a-f0-9]{64})$/.exec(value);
  if (!match) throw refusedOffer();
  return { entryId: match[1], token: match[2] };
}

/**
 * Inside the enrollment's transaction: checks an offer link and turns the offered seat into this
 * enrollment's hold. A forged token, a used link and a lapsed offer are all refused alike.
 */
export async function redeemOffer(tx: Transaction, offer: { entryId: string; token: string }, batchId: string, nowMs: number) {
  const entryRef = waitlist().doc(offer.entryId);
  const entry = (await tx.get(entryRef)).data();
  const expected = Buffer.from(entry?.offerTokenHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(sha256(offer.token), 'hex');
  const valid =
    entry !== undefined &&
    entry.batchId === batchId &&
    entry.status === 'offered' &&
    entry.seatId !== null &&
    timingSafeEqual(expected, given) &&
    (entry.offeredUntil?.toMillis() ?? 0) > nowMs;
  if (!valid || !entry?.seatId) throw refusedOffer();
  const seat = seats().doc(entry.seatId);
  const seatDoc = (await tx.get(seat)).data();
  if (!seatDoc || seatDoc.waitlistId !== offer.entryId || !seatTaken(seatDoc.activeUntil.toMillis(), nowMs)) throw refusedOffer();
  return { entryRef, entry: entry as WaitlistDoc, seat };
}
