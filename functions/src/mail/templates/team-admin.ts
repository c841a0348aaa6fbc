import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'team-admin' mail: an organisation asked for, confirmed, or a new admin added. */
export function teamAdmin(message: Extract<MailMessage, { template: 'team-admin' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const team = { label: 'Open your team page', href: `${site}/team` };
  if (d.event === 'review')
    return {
      subject: `To confirm: ${d.organisation} asks for team seats`,
      ...layout(
        site,
        `${d.organisation} asks for team seats`,
        [
          `${d.by ?? 'Someone'} asked for an organisation from the teams page. Check its details and GSTIN, then confirm it in the console.`,
        ],
        [['Organisation', d.organisation]],
        { label: 'Open the Organisations tab', href: `${site}/staff/organisations` },
      ),
    };
  if (d.event === 'requested')
    return {
      subject: `${d.organisation}: we have your request`,
      ...layout(
        site,
        'We have your request for team seats',
        [
          `Thank you. Our team checks ${d.organisation}'s details (and its GSTIN, if you gave one) within a working day, and writes to this address when it is confirmed.`,
          'Once it is, sign in with this address to make a quote, pay online or by bank transfer, and hand out seats.',
        ],
        [['Organisation', d.organisation]],
      ),
    };
  return {
    subject: d.event === 'confirmed' ? `${d.organisation} is ready on Upskill` : `You are an admin of ${d.organisation} on Upskill`,
    ...layout(
      site,
      d.event === 'confirmed' ? `${d.organisation} is ready` : `You are now an admin of ${d.organisation}`,
      [
        d.event === 'added' && d.by ? `${d.by} added you as an admin.` : 'Your organisation is confirmed.',
        'Sign in with this address to make quotes, pay, hand out seats and see your people’s progress.',
      ],
      [['Organisation', d.organisation]],
      team,
    ),
  };
}
