import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'assignment-received' mail: the receipt of a submission, with the day its review is promised by. */
export function assignmentReceived(message: Extract<MailMessage, { template: 'assignment-received' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `We have your work: ${d.assignment}`,
    ...layout(
      site,
      `${d.name}, your work is in`,
      [
        `${d.receipt}.`,
        d.late
          ? 'It arrived after the due date, so it is marked late; it is reviewed all the same.'
          : 'A reviewer marks it against the rubric on the assignment and writes to you when the review is released.',
      ],
      [
        ['Course', d.offering],
        ['Assignment', d.assignment],
        ['Attempt', String(d.attempt)],
        ['Submission', d.submissionId],
      ],
      { label: 'See your assignments', href: `${site}/mycourses#assignments` },
    ),
  };
}
