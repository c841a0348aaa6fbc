/** A time in the mentor's own zone, for the mails: "9:00 am America/New_York". */
export const inZone = (iso: string, zone: string) =>
  `${new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(iso))} ${zone}`;
