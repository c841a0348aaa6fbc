/** The India time zone: shown beside the learner's own. */
export const INDIA = 'Asia/Kolkata';

/** The browser's time zone (falls back to India's). */
export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || INDIA;
  } catch {
    return INDIA;
  }
};

/** Time zones a learner may switch to: theirs, India's, and the common ones of our learners and mentors. */
export const ZONES = [
  'Asia/Kolkata',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Dubai',
  'Asia/Singapore',
  'Australia/Sydney',
];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-IN', { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

/** "Tue, 1 Dec" in the zone. */
export const dayIn = (ms: number, zone: string) => formatter(zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
/** "9:00 am" in the zone. */
export const clockIn = (ms: number, zone: string) => formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(ms);
/** "Tue, 1 Dec, 9:00 am" in the zone. */
export const whenIn = (ms: number, zone: string) =>
  formatter(zone, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(ms);

/** A time as the learner reads it: their zone, and India's beside it when that differs. */
export function bothZones(ms: number, zone: string): string {
  const own = `${whenIn(ms, zone)}${zone === INDIA ? ' IST' : ` (${zone.replace(/_/g, ' ')})`}`;
  return zone === INDIA ? own : `${own} · ${clockIn(ms, INDIA)} IST`;
}
