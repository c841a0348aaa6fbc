import { Timestamp } from 'firebase-admin/firestore';
import { claimMilestonesDue, laneTotals, seatDescription } from '@upskill/domain/organisations';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { queueMail } from '../mail/outbox';
import { organisations, readLanes, seatOrders } from './store';

/**
 * The admins' mail when an order's used seats reach 75% and 100% (the highest reached, once each): after the claim,
 * from its lanes' counts, in a transaction over the order only when one is due, so that claims do not queue on the
 * order. Used seats only grow, so a milestone read as reached stays reached. A claim sent again after "busy" looks
 * again, so a milestone whose mail failed is mailed by the next answer.
 */
export async function mailMilestones(orderId: string, organisationId: string, nowMs: number): Promise<void> {
  const orderRef = seatOrders().doc(orderId);
  const seen = (await withDeadline(orderRef.get())).data();
  if (!seen) return;
  const counts = laneTotals(await withDeadline(readLanes(orderId, seen)));
  const reached = { bought: seen.seats - seen.cancelledSeats, claimed: counts.claimed, ended: counts.ended };
  if (claimMilestonesDue(reached, seen.milestonesMailed).length === 0) return;
  await withDeadline(
    runTransaction(async (tx) => {
      const order = (await tx.get(orderRef)).data();
      const organisation = (await tx.get(organisations().doc(organisationId))).data();
      if (!order || !organisation) return;
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
    }),
  );
}
