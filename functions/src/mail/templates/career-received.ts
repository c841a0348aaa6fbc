import { CAREER_REVIEW_NAMES } from '@upskill/domain/career';
import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

const dueText = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** The 'career-received' mail: a resume or LinkedIn link is in the reviewers' queue, and when its review is promised. */
export function careerReceived(message: Extract<MailMessage, { template: 'career-received' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const what = CAREER_REVIEW_NAMES[d.kind];
  return {
    subject: `We have your ${d.kind === 'resume' ? 'resume' : 'LinkedIn profile'} for review`,
    ...layout(
      site,
      `${d.name}, it is in the queue`,
      [
        `A mentor reviews it ${d.promise}: by ${dueText(d.dueAt)} IST.`,
        'They go through the checklist on your career page point by point, and write to you when the review is ready.',
      ],
      [
        ['Review', what],
        ['Version', d.version === 1 ? 'First' : `Re-review (version ${d.version})`],
      ],
      { label: 'See your career reviews', href: `${site}/career` },
    ),
  };
}
