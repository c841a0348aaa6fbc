import { Timestamp } from 'firebase-admin/firestore';
import { LAPSE_WARNING_DAYS, lapsedCounts, laneTotals, seatDescription } from '@upskill/domain/organisations';
import { formatIndiaDate, indiaDate } from '@upskill/domain/batches';
import { DAY_MS } from '@upskill/domain/common';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { queueMail } from '../mail/outbox';
import { sweepMilestones } from './milestones';
import { orderSeats, organisations, readLanes, seatOrders, writeLanes } from './store';

/**
 * The seats job (issue 56), as often as it runs: admins are mailed once, 14 days before an order's unclaimed seats
 * lapse; on the day, unclaimed seats lapse (invitations and codes stop working, each lane's counts move, in one
 * transaction per order). Each order is changed once however often the job runs: the warning's flag and the
 * lapsed counts are written with their mail. Then the claim milestones a claim left unmailed (sweepMilestones).
 */
export async function runSeatLapses(asOfMs: number): Promise<{ warned: number; lapsed: number; milestones: number }> {
  const due = await withDeadline(
    seatOrders()
      .where('state', '==', 'paid')
      .where('lapsesAt', '<=', Timestamp.fromMillis(asOfMs + LAPSE_WARNING_DAYS * DAY_MS))
      .get(),
  );
  let warned = 0;
  let lapsed = 0;
  for (const snap of due.docs) {
    const result = await withDeadline(
      runTransaction(async (tx) => {
        const order = (await tx.get(snap.ref)).data();
        if (!order || order.state !== 'paid' || !order.lapsesAt) return 'none';
        const lanes = await readLanes(snap.id, order, tx);
        const counts = laneTotals(lanes);
        const unclaimed = counts.unassigned + counts.invited;
        if (unclaimed === 0) return 'none';
        const organisation = (await tx.get(organisations().doc(order.organisationId))).data();
        if (order.lapsesAt.toMillis() <= asOfMs) {
          const at = Timestamp.fromMillis(asOfMs);
          const invited = (await tx.get(orderSeats().where('orderId', '==', snap.id).where('state', '==', 'invited'))).docs;
          for (const seat of invited) tx.update(seat.ref, { state: 'lapsed', tokenHash: null, updatedAt: at });
          // In every lane, what was not claimed lapses.
          const lapsedLanes = lanes.map((lane) =>
            lane.counts.unassigned + lane.counts.invited === 0 ? lane : { ...lane, counts: lapsedCounts(lane.counts) },
          );
          writeLanes(tx, snap.id, lanes, lapsedLanes, at);
          tx.update(snap.ref, { updatedAt: at });
          return 'lapsed';
        }
        if (order.lapseWarned || !organisation) return 'none';
        for (const admin of organisation.adminEmails)
          queueMail(tx, admin, {
            template: 'team-seats',
            data: {
              organisationId: order.organisationId,
              orderId: snap.id,
              organisation: organisation.legalName,
              offer: seatDescription(order.subject, order.seats, order.batchLabel),
              event: 'lapsing',
              claimed: counts.claimed + counts.ended,
              bought: order.seats - order.cancelledSeats,
              unclaimed,
              lapsesOn: formatIndiaDate(indiaDate(order.lapsesAt.toMillis())),
            },
          });
        tx.update(snap.ref, { lapseWarned: true, updatedAt: Timestamp.fromMillis(asOfMs) });
        return 'warned';
      }),
    );
    if (result === 'warned') warned++;
    if (result === 'lapsed') lapsed++;
  }
  return { warned, lapsed, milestones: await sweepMilestones(asOfMs) };
}
