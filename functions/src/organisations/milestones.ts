import { Timestamp } from 'firebase-admin/firestore';
import { DAY_MS } from '@upskill/domain/common';
import { CLAIM_MILESTONES, claimMilestonesDue, laneTotals, seatDescription } from '@upskill/domain/organisations';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { queueMail } from '../mail/outbox';
import { organisations, readLanes, seatLanes, seatOrders } from './store';

/**
 * How far back the seats job looks for claims whose milestone mail may not have followed: the job runs every 6 hours,
 * so two days is eight runs missed before a claim is out of its reach.
 */
export const MILESTONE_SWEEP_DAYS = 2;

/**
 * The admins' mail when an order's used seats reach 75% and 100% (the highest reached, once each): after the claim,
 * from its lanes' counts, in a transaction over the order only when one is due, so that claims do not queue on the
 * order. Used seats only grow, so a milestone read as reached stays reached. A claim sent again after "busy" looks
 * again, and the seats job sweeps the orders claimed from lately (sweepMilestones), so a milestone whose mail did not
 * follow its claim is mailed by the next answer or the next run. Whether a mail was queued.
 */
export async function mailMilestones(orderId: string, organisationId: string, nowMs: number): Promise<boolean> {
  const orderRef = seatOrders().doc(orderId);
  const seen = (await withDeadline(orderRef.get())).data();
  // Every milestone mailed already (a claim, or a run before this one, got there first): nothing to count.
  if (!seen || CLAIM_MILESTONES.every((m) => seen.milestonesMailed.includes(m))) return false;
  const counts = laneTotals(await withDeadline(readLanes(orderId, seen)));
  const reached = { bought: seen.seats - seen.cancelledSeats, claimed: counts.claimed, ended: counts.ended };
  if (claimMilestonesDue(reached, seen.milestonesMailed).length === 0) return false;
  return withDeadline(
    runTransaction(async (tx) => {
      const order = (await tx.get(orderRef)).data();
      const organisation = (await tx.get(organisations().doc(organisationId))).data();
      if (!order || !organisation) return false;
      const due = claimMilestonesDue(reached, order.milestonesMailed);
      // One mail for the highest milestone reached (a small order can pass 75% and 100% with one claim); all are marked.
      for (const milestone of due.slice(-1))
        for (const admin of organisation.adminEmails)
          queueMail(tx, admin, {
            template: 'team-seats',
            data: {
              organisationId,
              orderId,
              organisation: organisation.legalName,
              offer: seatDescription(order.subject, order.seats, order.batchLabel),
              event: milestone === 100 ? 'claimed-100' : 'claimed-75',
              claimed: counts.claimed + counts.ended,
              bought: reached.bought,
              unclaimed: counts.unassigned + counts.invited,
              lapsesOn: null,
            },
          });
      if (due.length > 0)
        tx.update(orderRef, { milestonesMailed: [...order.milestonesMailed, ...due], updatedAt: Timestamp.fromMillis(nowMs) });
      return due.length > 0;
    }),
  );
}

/**
 * The seats job's part (issue 59): a claim commits before its milestone mail is looked at, so a function stopped
 * between the two, for a student who does not send the claim again, left the admins unmailed. Each order whose lanes
 * changed in the last MILESTONE_SWEEP_DAYS is looked at as its claim would have: its order read, its lanes only while
 * a milestone is unmailed, and the transaction only when one is due. Reads follow the orders claimed from lately, not every order. How many
 * mails were queued.
 */
export async function sweepMilestones(asOfMs: number): Promise<number> {
  const changed = await withDeadline(
    seatLanes()
      .where('updatedAt', '>=', Timestamp.fromMillis(asOfMs - MILESTONE_SWEEP_DAYS * DAY_MS))
      .where('updatedAt', '<=', Timestamp.fromMillis(asOfMs))
      .get(),
  );
  const orders = new Map(changed.docs.map((lane) => [lane.data().orderId, lane.data().organisationId]));
  let mailed = 0;
  for (const [orderId, organisationId] of orders) if (await mailMilestones(orderId, organisationId, asOfMs)) mailed += 1;
  return mailed;
}
