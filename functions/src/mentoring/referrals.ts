import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  dayProblem,
  MAX_REFERRALS,
  placementReportSchema,
  referralOutcomeSchema,
  referralSchema,
  REFERRAL_OUTCOME_LABELS,
  type PlacementView,
} from '@upskill/domain/mentoring';
import { indiaDate } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { validateBody } from '../http/validate';
import { runTransaction } from '../http/transaction';
import { writeAudit } from '../audit/staffAudit';
import { placementRequests, placementView } from './store';

// What placement assistance led to, recorded where it happens: staff record referrals and their outcomes, the
// learner reports an offer or a joining. The first offer recorded either way dates the figures' "request to offer".

const OFFERED = new Set(['offer', 'joined']);

function refuseFutureDay(date: string, field: string, nowMs: number) {
  const problem = dayProblem(date, indiaDate(nowMs));
  if (problem) throw new HttpError('invalid-argument', 'Check the date.', { [field]: problem });
}

/** POST /api/staff/placements/{id}/referrals {company, role, referredOn}: a referral made for the learner. */
export async function addReferral(actor: StaffActor, id: string, body: unknown, nowMs: number): Promise<PlacementView> {
  const input = await validateBody(referralSchema, body, 'Check the referral.');
  refuseFutureDay(input.referredOn, 'referredOn', nowMs);
  const ref = placementRequests().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw new HttpError('not-found', 'No such placement request.');
      if (doc.state === 'closed') throw new HttpError('failed-precondition', 'This request is closed: open a new one for new referrals.');
      const referrals = doc.referrals ?? [];
      if (referrals.length >= MAX_REFERRALS)
        throw new HttpError('failed-precondition', `A request holds at most ${MAX_REFERRALS} referrals.`);
      const at = Timestamp.fromMillis(nowMs);
      const referral = {
        company: input.company.trim(),
        role: input.role.trim(),
        referredOn: input.referredOn,
        outcome: 'referred' as const,
        by: actor.email,
        at,
        outcomeAt: null,
      };
      // A referral moves the request to "Referred" (its steps in order), once.
      const steps =
        doc.state === 'referred'
          ? doc.history
          : [
              ...doc.history,
              ...(doc.state === 'requested' ? [{ state: 'profile-reviewed' as const, note: '', by: actor.email, at }] : []),
              { state: 'referred' as const, note: `${referral.company}, ${referral.role}`, by: actor.email, at },
            ];
      const next = {
        ...doc,
        state: 'referred' as const,
        history: steps,
        referrals: [...referrals, referral],
        firstContactAt: doc.firstContactAt ?? at,
        updatedAt: at,
      };
      tx.set(ref, next);
      writeAudit(tx, actor, 'placement-moved', { kind: 'placement', id }, `Referred to ${referral.company} (${referral.role})`);
      return placementView(id, next);
    }),
  );
}

/** PUT /api/staff/placements/{id}/referrals/{n} {outcome}: what came of the n-th referral (from 0). */
export async function setReferralOutcome(
  actor: StaffActor,
  id: string,
  index: string,
  body: unknown,
  nowMs: number,
): Promise<PlacementView> {
  const input = await validateBody(referralOutcomeSchema, body, 'Check the outcome.');
  const n = /^\d{1,2}$/.test(index) ? Number(index) : -1;
  const ref = placementRequests().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      const referral = doc?.referrals?.[n];
      if (!doc || !referral) throw new HttpError('not-found', 'No such referral.');
      if (referral.outcome === input.outcome) return placementView(id, doc);
      const at = Timestamp.fromMillis(nowMs);
      const referrals = doc.referrals!.map((r, i) => (i === n ? { ...r, outcome: input.outcome, outcomeAt: at } : r));
      const next = { ...doc, referrals, offerAt: doc.offerAt ?? (OFFERED.has(input.outcome) ? at : null), updatedAt: at };
      tx.set(ref, next);
      writeAudit(
        tx,
        actor,
        'placement-moved',
        { kind: 'placement', id },
        `${referral.company} (${referral.role}): ${REFERRAL_OUTCOME_LABELS[input.outcome]}`,
      );
      return placementView(id, next);
    }),
  );
}

/** POST /api/mentoring/placements/{id}/reports {outcome, company, role, on}: the learner reports an offer or a joining. */
export async function reportPlacement(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<PlacementView> {
  const input = await validateBody(placementReportSchema, body, 'Check your report.');
  refuseFutureDay(input.on, 'on', nowMs);
  const ref = placementRequests().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || doc.uid !== account.uid) throw new HttpError('not-found', 'No such placement request.');
      const report = { outcome: input.outcome, company: input.company.trim(), role: input.role.trim(), on: input.on };
      const reports = doc.reports ?? [];
      // The same report sent twice (a second click, a retry) is recorded once.
      const same = reports.find(
        (r) => r.outcome === report.outcome && r.company === report.company && r.role === report.role && r.on === report.on,
      );
      if (same) return placementView(id, doc);
      if (reports.length >= MAX_REFERRALS) throw new HttpError('failed-precondition', 'This request holds all the reports it can.');
      const at = Timestamp.fromMillis(nowMs);
      const next = { ...doc, reports: [...reports, { ...report, at }], offerAt: doc.offerAt ?? at, updatedAt: at };
      tx.set(ref, next);
      return placementView(id, next);
    }),
  );
}
