import { JOIN_OPENS_MINUTES_BEFORE } from '@upskill/domain/learning';
import type { MailMessage } from '../outbox';

import { dateTime, layout, type MailLinks, type RenderedMail } from './layout';

/** The 'batch-starting' mail. */
export function batchStarting(message: Extract<MailMessage, { template: 'batch-starting' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `${d.offering} starts tomorrow: ${dateTime(d.startsAt)}`,
    ...layout(
      site,
      `${d.name}, your batch starts tomorrow`,
      [
        `Your first live class of ${d.offering} is on ${dateTime(d.startsAt)}${d.topic ? `: ${d.topic}` : ''}.`,
        `Join it from My Courses: the Join live class button opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start. The full timetable is there too, with a calendar file and a calendar link that follows any change.`,
      ],
      [
        ['Course', d.offering],
        ['Batch', d.batch],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
