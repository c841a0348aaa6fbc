import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'assignment-reviewed' mail: a review released, passed or needing work. */
export function assignmentReviewed(message: Extract<MailMessage, { template: 'assignment-reviewed' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const passed = d.result === 'passed';
  return {
    subject: passed ? `Passed: ${d.assignment}` : `Feedback on ${d.assignment}: a few changes to make`,
    ...layout(
      site,
      passed ? `${d.name}, you passed ${d.assignment}` : `${d.name}, your review is ready`,
      [
        `${d.reviewer} reviewed attempt ${d.attempt}: ${d.total} of ${d.outOf} points.`,
        passed
          ? 'Well done. The full feedback is on My Courses.'
          : d.canResubmit
            ? 'Read what to change on My Courses, then submit again before the cut-off.'
            : 'Read the feedback on My Courses. The cut-off has passed, so this assignment takes no more attempts.',
      ],
      [
        ['Course', d.offering],
        ['Assignment', d.assignment],
        ['Result', passed ? 'Passed' : 'Needs work'],
        ['Submission', d.submissionId],
      ],
      { label: passed ? 'See the feedback' : 'See what to change', href: `${site}/mycourses#assignments` },
    ),
  };
}
