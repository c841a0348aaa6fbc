import { PROGRESS_SHARING } from '@upskill/domain/organisations';
import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'seat-invitation' mail: a seat paid for by an organisation, and the link that claims it. */
export function seatInvitation(message: Extract<MailMessage, { template: 'seat-invitation' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const href = `${site}/join?seat=${encodeURIComponent(d.seatId)}&token=${encodeURIComponent(d.token)}`;
  return {
    subject: `${d.organisation} has a seat for you on Upskill`,
    ...layout(
      site,
      `${d.name ? `${d.name}, ` : ''}a seat is waiting for you`,
      [
        `${d.organisation} has paid for a seat for you: ${d.offer}. There is nothing to pay.`,
        'Sign in (or create an account) with this e-mail address, then take the seat with the button below.',
        PROGRESS_SHARING,
      ],
      [
        ['From', d.organisation],
        ['Seat', d.offer],
      ],
      { label: 'Take your seat', href },
      'The link works once, for this address. If you did not expect it, ignore this mail.',
    ),
  };
}
