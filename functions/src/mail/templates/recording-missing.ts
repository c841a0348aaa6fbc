import { RECORDING_DUE_HOURS } from '@upskill/domain/learning';
import type { MailMessage } from '../outbox';

import { dateTime, layout, type MailLinks, type RenderedMail } from './layout';

/** The 'recording-missing' mail: once per session, to its instructor, when its recording is past due. */
export function recordingMissing(message: Extract<MailMessage, { template: 'recording-missing' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Recording missing: session ${d.number} of ${d.offering}`,
    ...layout(
      site,
      `${d.name}, a recording is missing`,
      [
        `Session ${d.number} of ${d.offering} (${d.batch}), “${d.topic}”, ended ${dateTime(d.endedAt)} IST. Its learners were promised the recording within ${RECORDING_DUE_HOURS} hours, by ${dateTime(d.dueAt)} IST, and it has no link yet.`,
        'Paste the recording link on My teaching: the learners see it on My Courses at once. This is the only reminder we send for this session.',
      ],
      [
        ['Course', d.offering],
        ['Batch', d.batch],
        ['Session', `${d.number}: ${d.topic}`],
      ],
      { label: 'Open My teaching', href: `${site}/teaching` },
    ),
  };
}
