import { MENTORING_JOIN_OPENS_MINUTES_BEFORE } from '@upskill/domain/mentoring';
import type { MailMessage } from '../outbox';
import { dateTime, layout, time, type MailLinks, type RenderedMail } from './layout';
import { inZone } from './mentoringTime';

/** The 'mentoring-reminder' mail: the day before and the hour before a session. */
export function mentoringReminder(message: Extract<MailMessage, { template: 'mentoring-reminder' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const soon = d.when === 'hour' ? 'within the hour' : 'tomorrow';
  return {
    subject: `Reminder: your ${d.kind} with ${d.mentor} ${soon}, ${time(d.startsAt)} IST`,
    ...layout(
      site,
      `${d.name}, your ${d.kind} is ${soon}`,
      [
        `${d.mentor}, ${dateTime(d.startsAt)} to ${time(d.endsAt)} IST (${inZone(d.startsAt, d.timeZone)} for your mentor).`,
        `Join from My Courses: the button opens ${MENTORING_JOIN_OPENS_MINUTES_BEFORE} minutes before the start.`,
      ],
      [
        ['Session', d.kind],
        ['Mentor', d.mentor],
        ['Booking', d.bookingId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses#mentoring` },
    ),
  };
}
