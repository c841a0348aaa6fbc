import { describe, expect, it } from 'vitest';
import { addWorkingHours, nextWorkingInstant, supportDueAt, supportReference } from './support';

// India time, written as such: every instant below is +05:30.
const ist = (text: string) => Date.parse(`${text}+05:30`);
const iso = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);

describe('working hours in India (09:00-18:00, Monday to Saturday)', () => {
  it('an instant within working hours is its own next working instant; before 09:00 waits for 09:00', () => {
    expect(iso(nextWorkingInstant(ist('2026-11-26T11:15:00')))).toBe('2026-11-26T11:15');
    expect(iso(nextWorkingInstant(ist('2026-11-26T06:00:00')))).toBe('2026-11-26T09:00');
  });

  it('18:00 is already closed; Saturday evening and Sunday wait for Monday 09:00', () => {
    expect(iso(nextWorkingInstant(ist('2026-11-26T18:00:00')))).toBe('2026-11-27T09:00');
    expect(iso(nextWorkingInstant(ist('2026-11-28T18:30:00')))).toBe('2026-11-30T09:00'); // Saturday
    expect(iso(nextWorkingInstant(ist('2026-11-29T12:00:00')))).toBe('2026-11-30T09:00'); // Sunday
  });

  it('adds hours within one day, and carries the rest into the next working day', () => {
    expect(iso(addWorkingHours(ist('2026-11-26T10:00:00'), 4))).toBe('2026-11-26T14:00');
    expect(iso(addWorkingHours(ist('2026-11-26T16:30:00'), 4))).toBe('2026-11-27T11:30');
    expect(iso(addWorkingHours(ist('2026-11-26T14:00:00'), 4))).toBe('2026-11-26T18:00'); // ends exactly at closing
  });

  it('skips Sunday: Saturday 17:00 plus 4 hours is Monday 12:00', () => {
    expect(iso(addWorkingHours(ist('2026-11-28T17:00:00'), 4))).toBe('2026-11-30T12:00');
  });

  it('one working day (9 hours) from Monday 17:00 is Tuesday 17:00; from Sunday, Monday 18:00', () => {
    expect(iso(supportDueAt('standard', ist('2026-11-30T17:00:00')))).toBe('2026-12-01T17:00');
    expect(iso(supportDueAt('standard', ist('2026-11-29T10:00:00')))).toBe('2026-11-30T18:00');
    expect(iso(supportDueAt('priority', ist('2026-11-29T10:00:00')))).toBe('2026-11-30T13:00');
  });

  it('works across months and years, to the millisecond', () => {
    expect(iso(addWorkingHours(ist('2026-12-31T17:59:59.999'), 4))).toBe('2027-01-01T12:59');
    expect(addWorkingHours(ist('2026-12-31T17:59:59.999'), 4)).toBe(ist('2027-01-01T12:59:59.999'));
  });
});

describe('references', () => {
  it('are SR- and six digits at least', () => {
    expect(supportReference(42)).toBe('SR-000042');
    expect(supportReference(1_234_567)).toBe('SR-1234567');
  });
});
