import { JOIN_OPENS_MINUTES_BEFORE } from '@upskill/domain/learning';
import type { MailMessage } from '../outbox';

import { dateTime, layout, time, type MailLinks, type RenderedMail } from './layout';

/** The 'session-reminder' mail. */
export function sessionReminder(message: Extract<MailMessage, { template: 'session-reminder' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Live class at ${time(d.startsAt)} IST: ${d.topic}`,
    ...layout(
      site,
      `${d.name}, your live class starts soon`,
      [
        `${d.offering}: ${d.topic}, ${dateTime(d.startsAt)} to ${time(d.endsAt)} IST.`,
        `The Join live class button on My Courses opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start.`,
      ],
      [
        ['Course', d.offering],
        ['Topic', d.topic],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
