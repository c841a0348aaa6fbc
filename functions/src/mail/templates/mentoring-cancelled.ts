import type { MailMessage } from '../outbox';
import { dateTime, layout, type MailLinks, type RenderedMail } from './layout';

/** The 'mentoring-cancelled' mail: by the learner, the mentor or staff; says whether the session came back. */
export function mentoringCancelled(message: Extract<MailMessage, { template: 'mentoring-cancelled' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const who = d.by === 'learner' ? 'You cancelled' : d.by === 'mentor' ? `${d.mentor} cancelled` : 'We cancelled';
  return {
    subject: `Cancelled: your ${d.kind} with ${d.mentor}, ${dateTime(d.startsAt)}`,
    ...layout(
      site,
      `${d.name}, your ${d.kind} is cancelled`,
      [
        `${who} your ${d.kind} with ${d.mentor} on ${dateTime(d.startsAt)}.`,
        d.returned
          ? `The session is yours to book again: choose another time on My Courses.`
          : 'It was cancelled less than 12 hours before the start, so the session is used.',
      ],
      [
        ['Session', d.kind],
        ['Mentor', d.mentor],
        ['Booking', d.bookingId],
      ],
      { label: d.returned ? 'Book another time' : 'Open My Courses', href: `${site}/mycourses#mentoring` },
    ),
  };
}
