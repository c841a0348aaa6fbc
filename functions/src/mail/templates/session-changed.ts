import type { MailMessage } from '../outbox';

import { dateTime, layout, time, type MailLinks, type RenderedMail } from './layout';

/** The 'session-changed' mail. */
export function sessionChanged(message: Extract<MailMessage, { template: 'session-changed' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const moved = d.change === 'rescheduled' && d.startsAt && d.endsAt;
  return {
    subject: moved ? `Class moved: ${d.topic} is now ${dateTime(d.startsAt ?? '')}` : `Class cancelled: ${d.topic} on ${dateTime(d.was)}`,
    ...layout(
      site,
      moved ? `${d.name}, a class has moved` : `${d.name}, a class is cancelled`,
      [
        moved
          ? `${d.offering}: the class on ${d.topic}, planned for ${dateTime(d.was)}, is now on ${dateTime(d.startsAt ?? '')} to ${time(d.endsAt ?? '')} IST.`
          : `${d.offering}: the class on ${d.topic}, planned for ${dateTime(d.was)}, will not take place.`,
        `The reason: ${d.reason}`,
        'My Courses shows the timetable as it stands, and a calendar you subscribed to from there follows the change by itself.',
      ],
      [
        ['Course', d.offering],
        ['Topic', d.topic],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'See the timetable', href: `${site}/mycourses` },
    ),
  };
}
