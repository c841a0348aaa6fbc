import { CAREER_REVIEW_NAMES, CAREER_VERDICT_NAMES } from '@upskill/domain/career';
import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'career-reviewed' mail: a review released, its verdict, and the re-review if changes were suggested. */
export function careerReviewed(message: Extract<MailMessage, { template: 'career-reviewed' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const what = CAREER_REVIEW_NAMES[d.kind];
  return {
    subject: `${what}: ${CAREER_VERDICT_NAMES[d.verdict].toLowerCase()}`,
    ...layout(
      site,
      d.verdict === 'approved' ? `${d.name}, it is ready to send` : `${d.name}, your review is ready`,
      [
        `${d.reviewer} has reviewed it against the checklist, point by point, with a summary and what to change first.`,
        d.mayResubmit
          ? 'Make the changes, then send the new version from your career page: it is reviewed again, and both versions are kept.'
          : d.verdict === 'approved'
            ? 'It is approved: use it with confidence.'
            : 'This was its re-review; the comments stay on your career page.',
      ],
      [
        ['Review', what],
        ['Verdict', CAREER_VERDICT_NAMES[d.verdict]],
        ['Reviewer', d.reviewer],
      ],
      { label: 'Read the review', href: `${site}/career` },
    ),
  };
}
