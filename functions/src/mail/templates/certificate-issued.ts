import { formatCertificateCode } from '@upskill/domain/certificates';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'certificate-issued' mail. */
export function certificateIssued(message: Extract<MailMessage, { template: 'certificate-issued' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const url = `${site}/certificates/${d.code}`;
  return {
    subject: `Your certificate: ${d.course}`,
    ...layout(
      site,
      `Congratulations, ${d.name}`,
      [
        `You have completed ${d.course}, and your certificate of completion is ready. Anyone you give the link to can check it is genuine: its page shows your name, the course, the batch dates and its status.`,
        'On My Courses you can download it as a PDF, add it to your LinkedIn profile, and choose whether search engines may list its page (they may not, until you say so).',
      ],
      [
        ['Course', d.course],
        ['Certificate ID', formatCertificateCode(d.code)],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'View your certificate', href: url },
    ),
  };
}
