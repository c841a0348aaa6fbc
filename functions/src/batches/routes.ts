import { Timestamp } from 'firebase-admin/firestore';
import type { BatchSummaryAnswer, BatchesAnswer } from '@upskill/domain/api';
import { OFFERINGS, findOffering } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { allowMethods, pathSegment, readJsonObject, type HttpResponse } from '../http/request';
import { batches, listing, takenSeats } from './store';
import { joinWaitlist } from './waitlist';

/**
 * Public reads are the same for everyone: the Hosting CDN may keep them a minute (firebase.json says the
 * same), browsers not at all, so a learner who has just taken a seat sees it gone on their next page view.
 */
function cacheable(res: HttpResponse) {
  res.set('Cache-Control', 'public, max-age=0, s-maxage=60');
}

const notFound = () => new HttpError('not-found', 'No such batch resource.');

/** GET /api/batches?offering={slug}: the offering's batches that have not started yet, soonest first. */
async function listOffering(slug: unknown): Promise<BatchesAnswer> {
  if (typeof slug !== 'string' || !findOffering(slug)) {
    throw new HttpError('invalid-argument', 'Name a course or programme: ?offering={slug}.', { offering: 'Unknown course or programme.' });
  }
  const nowMs = Date.now();
  const found = await withDeadline(batches().where('offering', '==', slug).where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').limit(20).get());
  const listed = await withDeadline(Promise.all(found.docs.map(async (doc) => listing(doc.id, doc.data(), await takenSeats(doc.id, nowMs), nowMs))));
  return { offering: slug, batches: listed.filter((b) => b.status !== 'cancelled') };
}

/** GET /api/batches/summary: each offering's next batch that still sells (else its next full one). */
async function summary(): Promise<BatchSummaryAnswer> {
  const nowMs = Date.now();
  const upcoming = await withDeadline(batches().where('status', '==', 'open').where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').get());
  const byOffering = new Map<string, typeof upcoming.docs>();
  for (const doc of upcoming.docs) byOffering.set(doc.data().offering, [...(byOffering.get(doc.data().offering) ?? []), doc]);
  const entries = await withDeadline(Promise.all(OFFERINGS.map(async (offering) => {
    let first: BatchSummaryAnswer['offerings'][string] = null;
    for (const doc of byOffering.get(offering.slug) ?? []) {
      const batch = doc.data();
      const taken = Math.min(batch.capacity, await takenSeats(doc.id, nowMs));
      const entry = {
        batchId: doc.id, startDate: batch.startDate, batchTime: batch.batchTime, capacity: batch.capacity,
        seatsLeft: batch.capacity - taken, filledPercent: Math.round((taken / batch.capacity) * 100),
      };
      first ??= entry;
      if (entry.seatsLeft > 0) return [offering.slug, entry] as const;
    }
    return [offering.slug, first] as const;
  })));
  return { offerings: Object.fromEntries(entries) };
}

/** /api/batches, /api/batches/summary, /api/batches/{id}/waitlist. */
export const handleBatches = jsonEndpoint('batches', async (req, res) => {
  const rest = /\/batches(?:\/(.*))?$/.exec(req.path)?.[1]?.replace(/\/$/, '') ?? '';
  if (rest === '' || rest === 'summary') {
    allowMethods(req, ['GET']);
    const answer = rest === '' ? await listOffering(req.query.offering) : await summary();
    cacheable(res);
    res.status(200).json(answer);
    return;
  }
  const [rawId, action, ...extra] = rest.split('/');
  if (action !== 'waitlist' || extra.length > 0) throw notFound();
  const id = pathSegment(rawId);
  if (id === undefined) throw notFound();
  allowMethods(req, ['POST']);
  res.status(202).json(await joinWaitlist(req, id, readJsonObject(req)));
});
