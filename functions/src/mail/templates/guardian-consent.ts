import { COMPANY, formatRupees, guardianLink } from '@upskill/domain/common';
import { CONSENT_PURPOSES, GUARDIAN_LINK_DAYS } from '@upskill/domain/account';
import type { MailMessage } from '../outbox';

import { dateTime, layout, type MailLinks, type RenderedMail } from './layout';

/** The 'guardian-consent' mail. */
export function guardianConsent(message: Extract<MailMessage, { template: 'guardian-consent' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `${d.learnerName} asks for your consent to enroll with ${COMPANY.name}`,
    ...layout(
      site,
      'Your consent is needed',
      [
        `Dear ${d.guardianName},`,
        `${d.learnerName} has told us they are under 18 and named you as their parent or guardian. Before they can pay for ${d.offerName} (${formatRupees(d.price)}), the law asks us for your consent.`,
        CONSENT_PURPOSES.guardian,
        `The link below shows what you are agreeing to, and lets you give or refuse consent. It works once, for ${GUARDIAN_LINK_DAYS} days (until ${dateTime(d.expiresAt)}). If you do not know ${d.learnerName}, ignore this mail: nothing happens without you.`,
      ],
      [
        ['Learner', d.learnerName],
        ['Enrollment', d.offerName],
        ['Price', formatRupees(d.price)],
      ],
      { label: 'Review and decide', href: guardianLink(site, d.enrollmentId, d.token) },
    ),
  };
}
