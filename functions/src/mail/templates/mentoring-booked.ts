import { MENTORING_JOIN_OPENS_MINUTES_BEFORE } from '@upskill/domain/mentoring';
import type { MailMessage } from '../outbox';
import { dateTime, layout, time, type MailLinks, type RenderedMail } from './layout';
import { inZone } from './mentoringTime';

/** The 'mentoring-booked' mail: a booking made, or moved. */
export function mentoringBooked(message: Extract<MailMessage, { template: 'mentoring-booked' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Your ${d.kind} with ${d.mentor}: ${dateTime(d.startsAt)}`,
    ...layout(
      site,
      `${d.name}, your ${d.kind} is booked`,
      [
        `${d.mentor}, ${dateTime(d.startsAt)} to ${time(d.endsAt)} IST (${inZone(d.startsAt, d.timeZone)} for your mentor).`,
        `The Join button on My Courses opens ${MENTORING_JOIN_OPENS_MINUTES_BEFORE} minutes before the start. You can move or cancel it there up to 12 hours before.`,
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
