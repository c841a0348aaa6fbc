import { COMPANY } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'newsletter-confirm' mail. */
export function newsletterConfirm(message: Extract<MailMessage, { template: 'newsletter-confirm' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  if (!links.newsletter) throw new Error('newsletter mail without its links');
  return {
    subject: `Confirm your ${COMPANY.name} newsletter subscription`,
    ...layout(
      site,
      'Please confirm your subscription',
      [
        `Someone (we hope you) asked to receive the ${COMPANY.name} newsletter at this address: new courses, batch dates and offers, about twice a month.`,
        'If that was not you, ignore this mail and you will hear nothing more from us.',
      ],
      [],
      { label: 'Confirm subscription', href: links.newsletter.confirm },
      `Unsubscribe at any time with one click: ${links.newsletter.unsubscribe}`,
    ),
  };
}
