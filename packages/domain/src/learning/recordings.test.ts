import { describe, expect, it } from 'vitest';
import { recordingDueAtMs, recordingState } from './recordings';

const ms = (iso: string) => Date.parse(iso);
// A class on Tuesday 4 March 2031, 18:30–20:00 IST.
const session = {
  status: 'scheduled' as const,
  startsAtMs: ms('2031-03-04T13:00:00Z'),
  endsAtMs: ms('2031-03-04T14:30:00Z'),
  recordingUrl: null,
};

describe('recordings', () => {
  it('are due 24 hours after the class ends', () => {
    expect(new Date(recordingDueAtMs(session)).toISOString()).toBe('2031-03-05T14:30:00.000Z');
  });

  it('are owed only once a class is held: expected within the 24 hours, missing after, available with a link', () => {
    expect(recordingState(session, ms('2031-03-04T14:00:00Z'))).toBe('none'); // live
    expect(recordingState(session, ms('2031-03-04T14:30:00Z'))).toBe('expected');
    expect(recordingState(session, ms('2031-03-05T14:29:59Z'))).toBe('expected');
    expect(recordingState(session, ms('2031-03-05T14:30:00Z'))).toBe('missing');
    expect(recordingState({ ...session, recordingUrl: 'https://videos.example.com/1' }, ms('2031-03-09T00:00:00Z'))).toBe('available');
    expect(recordingState({ ...session, status: 'cancelled' }, ms('2031-03-09T00:00:00Z'))).toBe('none');
  });
});
