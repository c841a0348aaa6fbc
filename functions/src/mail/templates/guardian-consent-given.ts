import { guardianLink } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'guardian-consent-given' mail. */
export function guardianConsentGiven(
  message: Extract<MailMessage, { template: 'guardian-consent-given' }>,
  links: MailLinks,
): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `You gave consent for ${d.learnerName}'s enrollment`,
    ...layout(
      site,
      'Thank you: your consent is recorded',
      [
        `Dear ${d.guardianName}, you gave consent for ${d.learnerName} to enroll in ${d.offerName}. They can now pay and join their batch.`,
        'You can withdraw your consent at any time with the link below, as easily as you gave it. Withdrawing stops any payment that has not been made yet; for a course already paid for, our team contacts you about ending it under our refund policy.',
      ],
      [],
      { label: 'Withdraw consent', href: guardianLink(site, d.enrollmentId, d.token) },
    ),
  };
}
