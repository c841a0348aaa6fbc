import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'qa-answer' mail: a new answer to a question the reader follows, with the one-click way to stop these. */
export function qaAnswer(message: Extract<MailMessage, { template: 'qa-answer' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const unfollow = `${site}/api/qa/unfollow?q=${encodeURIComponent(d.questionId)}&u=${encodeURIComponent(d.uid)}&t=${d.unfollowToken}`;
  return {
    subject: `New answer: ${d.title}`,
    ...layout(
      site,
      `${d.name}, a new answer to a question you follow`,
      [`${d.answerer} (${d.role}) answered:`, d.excerpt],
      [['Question', d.title]],
      { label: 'Read the answer', href: `${site}/qa/questions/${encodeURIComponent(d.questionId)}` },
      `You follow this question. Stop these mails for it in one click: ${unfollow}`,
    ),
  };
}
