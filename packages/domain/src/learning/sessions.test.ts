import { describe, expect, it } from 'vitest';
import { countdown, earnsCertificate, isHttpsUrl, joinOpensAtMs, joinRefusal, nextSession, sessionStatus, sessionsHeld } from './sessions';

const MIN = 60_000;
const T = Date.UTC(2026, 11, 7, 13, 30); // 19:00 IST
const session = (startsAtMs = T, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
  status,
  startsAtMs,
  endsAtMs: startsAtMs + 90 * MIN,
});

describe('a session against the clock', () => {
  it('is upcoming, live from its start, held from its end, cancelled whatever the time', () => {
    expect(sessionStatus(session(), T - 1)).toBe('upcoming');
    expect(sessionStatus(session(), T)).toBe('live');
    expect(sessionStatus(session(), T + 90 * MIN - 1)).toBe('live');
    expect(sessionStatus(session(), T + 90 * MIN)).toBe('held');
    expect(sessionStatus(session(T, 'cancelled'), T + MIN)).toBe('cancelled');
  });

  it('opens for joining exactly 15 minutes before its start and closes at its end', () => {
    expect(joinOpensAtMs(session())).toBe(T - 15 * MIN);
    expect(joinRefusal(session(), T - 15 * MIN - 1)).toBe('too-early');
    expect(joinRefusal(session(), T - 15 * MIN)).toBeNull();
    expect(joinRefusal(session(), T + 89 * MIN)).toBeNull();
    expect(joinRefusal(session(), T + 90 * MIN)).toBe('ended');
    expect(joinRefusal(session(T, 'cancelled'), T)).toBe('cancelled');
  });

  it('finds the next session still to attend, skipping cancelled and ended ones', () => {
    const list = [session(T - 200 * MIN), session(T + 60 * MIN, 'cancelled'), session(T + 120 * MIN), session(T - 30 * MIN)];
    expect(nextSession(list, T)?.startsAtMs).toBe(T - 30 * MIN);
    expect(nextSession(list, T + 61 * MIN)?.startsAtMs).toBe(T + 120 * MIN);
    expect(nextSession(list, T + 500 * MIN)).toBeUndefined();
  });

  it('counts as held the sessions begun and not cancelled', () => {
    const list = [session(T - 200 * MIN), session(T - 100 * MIN, 'cancelled'), session(T), session(T + MIN)];
    expect(sessionsHeld(list, T)).toBe(2);
  });
});

describe('the certificate rule', () => {
  it('needs at least 75% of the sessions held: 75% earns it, 74% does not, nothing held earns nothing', () => {
    expect(earnsCertificate(75, 100)).toBe(true);
    expect(earnsCertificate(74, 100)).toBe(false);
    expect(earnsCertificate(3, 4)).toBe(true);
    expect(earnsCertificate(17, 23)).toBe(false); // 73.9%
    expect(earnsCertificate(18, 24)).toBe(true);
    expect(earnsCertificate(0, 0)).toBe(false);
    expect(earnsCertificate(1, 1)).toBe(true);
  });
});

describe('countdown', () => {
  it('reads in days and hours, hours and minutes, or minutes', () => {
    expect(countdown(0, 2 * 86_400_000 + 3 * 3_600_000)).toBe('in 2 days 3 h');
    expect(countdown(0, 86_400_000)).toBe('in 1 day');
    expect(countdown(0, 90 * MIN)).toBe('in 1 h 30 min');
    expect(countdown(0, 45 * MIN - 1)).toBe('in 45 min');
    expect(countdown(10, 0)).toBe('now');
  });
});

describe('links staff and instructors enter', () => {
  it('takes https links with a real host only', () => {
    expect(isHttpsUrl('https://meet.jit.si/Upskill-abc')).toBe(true);
    expect(isHttpsUrl('https://drive.google.com/file/d/x/view?usp=sharing')).toBe(true);
    for (const bad of [
      'http://example.com',
      'javascript:alert(1)',
      'https://user:pw@example.com',
      'https://localhost/x',
      'https://exa mple.com',
      '',
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });
});
