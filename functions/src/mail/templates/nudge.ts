import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'nudge' mail: a learner fell behind (learning/progress.ts); from their batch's instructor, once per cause. */
export function nudge(message: Extract<MailMessage, { template: 'nudge' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const ask =
    d.kind === 'missed-classes'
      ? 'Watch the recordings of the classes you missed from My Courses, and join the next one live. If something is in the way, open a support request from My Courses and we will help you plan.'
      : 'Submit what you have, even unfinished: a review tells you what to do next, and you can send another attempt. If you need more time, open a support request from My Courses and ask for an extension: I can grant one.';
  return {
    subject: `${d.offering}: let's get you back on track`,
    ...layout(
      site,
      `${d.name}, you have fallen a little behind`,
      [`I noticed something in ${d.offering} (${d.batch}): ${d.cause}.`, ask, `— ${d.instructor}, your instructor`],
      [
        ['Course', d.offering],
        ['Batch', d.batch],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
