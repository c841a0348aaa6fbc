import { describe, expect, it } from 'vitest';
import { contactOnTimeShare, contactReplyDueAt, contactWeeks } from './contact';

const ms = (iso: string) => Date.parse(iso);

describe('the contact reply clock', () => {
  it('is 24 hours on any day, and the grievance officer’s 90 days for a privacy request', () => {
    // Saturday 17:00 IST is due Sunday 17:00 IST: no working hours, no skipped Sunday.
    expect(new Date(contactReplyDueAt(ms('2031-03-15T11:30:00Z'), 'Data Science')).toISOString()).toBe('2031-03-16T11:30:00.000Z');
    expect(new Date(contactReplyDueAt(ms('2031-03-15T11:30:00Z'), '')).toISOString()).toBe('2031-03-16T11:30:00.000Z');
    expect(new Date(contactReplyDueAt(ms('2031-03-15T11:30:00Z'), 'Privacy request')).toISOString()).toBe('2031-06-13T11:30:00.000Z');
  });

  it('counts each India week by arrival: in time, late, overdue; one still within its hours counts neither way', () => {
    const now = ms('2031-03-21T06:30:00Z'); // Friday 21 March 2031, 12:00 IST
    const weeks = contactWeeks(
      [
        // Monday 17 March 00:10 IST (Sunday 18:40 UTC): this week, answered in time.
        { receivedMs: ms('2031-03-16T18:40:00Z'), dueMs: ms('2031-03-17T18:40:00Z'), handledMs: ms('2031-03-17T18:40:00Z') },
        // Answered a minute late.
        { receivedMs: ms('2031-03-18T04:30:00Z'), dueMs: ms('2031-03-19T04:30:00Z'), handledMs: ms('2031-03-19T04:31:00Z') },
        // Waiting, due yesterday.
        { receivedMs: ms('2031-03-19T04:30:00Z'), dueMs: ms('2031-03-20T04:30:00Z'), handledMs: null },
        // Waiting, due tomorrow.
        { receivedMs: ms('2031-03-21T04:30:00Z'), dueMs: ms('2031-03-22T04:30:00Z'), handledMs: null },
        // Sunday 16 March 23:50 IST: the week before.
        { receivedMs: ms('2031-03-16T18:20:00Z'), dueMs: ms('2031-03-17T18:20:00Z'), handledMs: null },
      ],
      now,
    );
    expect(weeks).toHaveLength(8);
    expect(weeks[7]).toEqual({ weekStart: '2031-03-16T18:30:00.000Z', received: 4, onTime: 1, late: 1, overdue: 1 });
    expect(weeks[6]).toEqual({ weekStart: '2031-03-09T18:30:00.000Z', received: 1, onTime: 0, late: 0, overdue: 1 });
    expect(weeks[0].weekStart).toBe('2031-01-26T18:30:00.000Z');
    expect(contactOnTimeShare(weeks)).toBe(0.25);
    expect(contactOnTimeShare(contactWeeks([], now))).toBeNull();
  });
});
