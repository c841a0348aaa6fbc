import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'guardian-answered' mail. */
export function guardianAnswered(message: Extract<MailMessage, { template: 'guardian-answered' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const words = {
    given: [`${d.guardianName} gave consent for your enrollment in ${d.offerName}. You can now pay from My Courses or the payment page.`],
    refused: [
      `${d.guardianName} did not give consent for your enrollment in ${d.offerName}, so it cannot be paid. Talk to them, and start a new enrollment if they change their mind.`,
    ],
    withdrawn: [
      `${d.guardianName} has withdrawn their consent for your enrollment in ${d.offerName}. Payment is closed; if you have paid, our team will contact you both.`,
    ],
  }[d.state];
  return {
    subject:
      d.state === 'given'
        ? 'Your parent or guardian gave consent: you can pay now'
        : `Your parent or guardian's answer about ${d.offerName}`,
    ...layout(
      site,
      d.state === 'given' ? 'Consent given' : 'About your enrollment',
      [`Hi ${d.name},`, ...words],
      [['Enrollment ID', d.enrollmentId]],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
