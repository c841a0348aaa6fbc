import { randomBytes } from 'node:crypto';
import { MEETING_HOST } from '@upskill/domain/learning';

/**
 * A new batch's meeting room: a Jitsi Meet room whose name nobody can guess (96 random bits), so the URL
 * itself is the key and only the join endpoint hands it out. Staff may replace it with another https link.
 */
export const newMeetingUrl = (): string => `${MEETING_HOST}/Upskill-${randomBytes(12).toString('hex')}`;
