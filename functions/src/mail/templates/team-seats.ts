import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'team-seats' mail to an organisation's admins: 75% or all of an order's seats claimed, or seats about to lapse. */
export function teamSeats(message: Extract<MailMessage, { template: 'team-seats' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const rows: [string, string][] = [
    ['Order', d.offer],
    ['Claimed', `${d.claimed} of ${d.bought}`],
  ];
  const action = { label: 'Open your team page', href: `${site}/team` };
  if (d.event === 'lapsing')
    return {
      subject: `${d.organisation}: ${d.unclaimed} unclaimed ${d.unclaimed === 1 ? 'seat lapses' : 'seats lapse'} on ${d.lapsesOn}`,
      ...layout(
        site,
        'Unclaimed seats lapse in 14 days',
        [
          `${d.unclaimed} of the ${d.bought} seats of this order ${d.unclaimed === 1 ? 'has' : 'have'} not been claimed. On ${d.lapsesOn} they lapse, and cannot be handed out after that.`,
          'Send the invitations again, or hand the seats to someone else, before then.',
        ],
        [...rows, ['Lapse on', d.lapsesOn ?? '']],
        action,
      ),
    };
  const all = d.event === 'claimed-100';
  return {
    subject: `${d.organisation}: ${all ? 'every seat' : '75% of seats'} claimed`,
    ...layout(
      site,
      all ? 'Every seat is claimed' : 'Three quarters of your seats are claimed',
      [
        all
          ? `All ${d.bought} seats of this order are in use. To add people, make a new quote from your team page.`
          : `${d.claimed} of ${d.bought} seats are claimed; ${d.unclaimed} are left to hand out.`,
      ],
      rows,
      action,
    ),
  };
}
