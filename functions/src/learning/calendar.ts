import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { COMPANY } from '@upskill/domain/common';
import { TIME_ZONE, findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import type { CalendarBatch } from './store';

export type { CalendarBatch } from './store';

/** The UID domain: stable for a session across feeds, downloads and reschedules, so calendars update it in place. */
const UID_DOMAIN = new URL(COMPANY.siteUrl).hostname.replace(/^www\./, '');

/**
 * An RFC 5545 calendar of batches' sessions, in India's time zone with its VTIMEZONE, one VEVENT per
 * session. A rescheduled or cancelled session keeps its UID and carries its raised SEQUENCE; a cancelled
 * one stays in the file as STATUS:CANCELLED so calendars that have it remove it. Built with
 * ical-generator (docs/decisions/0014), never by hand; the times are luxon DateTimes in India's zone.
 */
/** Another event for the same calendar (a mentoring session): its own stable UID and sequence. */
export interface CalendarExtra {
  uid: string;
  sequence: number;
  startMs: number;
  endMs: number;
  summary: string;
  description: string;
  cancelled: boolean;
}

export function calendarFile(
  name: string,
  entries: readonly CalendarBatch[],
  site: string,
  nowMs: number,
  extras: readonly CalendarExtra[] = [],
): string {
  const calendar = icalGenerator({
    name,
    prodId: { company: COMPANY.name, product: 'Live classes', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: TIME_ZONE, generator: getVtimezoneComponent },
    url: `${site}/mycourses`,
    // Subscribed calendars ask again about this often.
    ttl: 60 * 60,
  });
  for (const { batch, sessions } of entries) {
    const offering = findOffering(batch.offering)?.name ?? batch.offering;
    const instructor = INSTRUCTORS[batch.instructor].name;
    for (const { id, doc } of [...sessions].sort((a, b) => a.doc.index - b.doc.index)) {
      calendar.createEvent({
        id: `${id}@${UID_DOMAIN}`,
        sequence: doc.sequence ?? 0,
        // Zoned times: ical-generator writes a plain Date's UTC fields under the TZID, so it takes luxon's.
        start: DateTime.fromMillis(doc.startsAt.toMillis(), { zone: TIME_ZONE }),
        end: DateTime.fromMillis(doc.endsAt.toMillis(), { zone: TIME_ZONE }),
        timezone: TIME_ZONE,
        stamp: new Date(nowMs),
        lastModified: doc.updatedAt?.toDate() ?? undefined,
        summary: `${offering}: ${doc.topic}`,
        description: `Live class ${doc.index + 1} of ${offering} with ${instructor}.\nJoin from My Courses, from 15 minutes before the start: ${site}/mycourses`,
        location: 'Online (join from My Courses)',
        url: `${site}/mycourses`,
        status: doc.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
  }
  for (const extra of extras) {
    calendar.createEvent({
      id: `${extra.uid}@${UID_DOMAIN}`,
      sequence: extra.sequence,
      start: DateTime.fromMillis(extra.startMs, { zone: TIME_ZONE }),
      end: DateTime.fromMillis(extra.endMs, { zone: TIME_ZONE }),
      timezone: TIME_ZONE,
      stamp: new Date(nowMs),
      summary: extra.summary,
      description: extra.description,
      location: 'Online (join from My Courses)',
      url: `${site}/mycourses#mentoring`,
      status: extra.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
