import { HOLD_MINUTES } from '@upskill/domain/batches';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'seat-lost' mail. */
export function seatLost(message: Extract<MailMessage, { template: 'seat-lost' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Your payment arrived after your seat was released: choose what happens next`,
    ...layout(
      site,
      `${d.name}, we have your payment, and we owe you a seat`,
      [
        `Your payment for ${d.offering} reached us after the ${HOLD_MINUTES}-minute hold on your seat had ended, and the batch filled up in the meantime. Your money is safe and you will not be left without a place.`,
        d.nextBatch
          ? `Choose one: move to the next batch (${d.nextBatch}) at no extra cost, or a full refund to the way you paid. Reply to this e-mail with "move" or "refund" and our team will do it within one working day.`
          : 'There is no later batch open yet. Reply to this e-mail with "refund" for a full refund to the way you paid, or "wait" and we will move you to the next batch as soon as it opens.',
      ],
      [
        ['Course', d.offering],
        ['Batch you chose', d.batch],
        ['Enrollment ID', d.enrollmentId],
      ],
    ),
  };
}
