import { createTransport, type Transporter } from 'nodemailer';
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { COMPANY } from '@upskill/domain/common';

/**
 * SMTP through parameters and a secret: a real provider in production (README, deploy), MailDev in the
 * local suite (functions/.env.local). SMTP_USER empty means no authentication (MailDev).
 */
export const SMTP_HOST = defineString('SMTP_HOST', { description: 'SMTP server host' });
export const SMTP_PORT = defineInt('SMTP_PORT', { default: 587, description: 'SMTP port (587 STARTTLS, 465 TLS)' });
export const SMTP_SECURE = defineBoolean('SMTP_SECURE', { default: false, description: 'TLS from the start (port 465)' });
export const SMTP_USER = defineString('SMTP_USER', { default: '', description: 'SMTP user name; empty for none' });
export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD');
export const MAIL_FROM = defineString('MAIL_FROM', { default: `${COMPANY.name} <${COMPANY.email}>`, description: 'Sender of every mail' });
export const GRIEVANCE_EMAIL = defineString('GRIEVANCE_EMAIL', {
  default: COMPANY.grievanceOfficer.email,
  description: 'Where privacy requests from the contact form go (the grievance officer)',
});
export const STAFF_EMAIL = defineString('STAFF_EMAIL', {
  default: 'admissions@upskill-learning.in',
  description: 'Where contact messages are forwarded',
});
/** The site's origin for links in mail: the public origin in production, the Hosting emulator locally. */
export const SITE_URL = defineString('SITE_URL', { default: COMPANY.siteUrl, description: 'Origin used in links in e-mails' });

let cached: { key: string; transport: Transporter } | undefined;

/**
 * How the sender talks to the SMTP server. Pooled: an instance sends mail after mail over a connection it keeps
 * open (two at most, a hundred messages each), instead of opening one, waiting for the greeting and saying EHLO for
 * every message. Servers pause before their greeting to catch clients that talk too soon (MailDev's smtp-server
 * pauses 100 ms, mail providers longer), and that pause was most of a mail's time: about 115 ms of each, where a
 * message on an open connection took 4 ms. A connection the server closed while the instance was idle leaves the
 * pool; a send that meets one closing fails as a connection error, which delivery tries again (deliver.ts).
 */
export const SMTP_POOL = { pool: true, maxConnections: 2, maxMessages: 100 } as const;

export function mailTransport(): Transporter {
  const key = [SMTP_HOST.value(), SMTP_PORT.value(), SMTP_SECURE.value(), SMTP_USER.value()].join('|');
  if (cached?.key === key) return cached.transport;
  // New settings: the old pool's connections are closed, not left open beside the new one's.
  cached?.transport.close();
  const user = SMTP_USER.value();
  const transport = createTransport({
    host: SMTP_HOST.value(),
    port: SMTP_PORT.value(),
    secure: SMTP_SECURE.value(),
    ...(user ? { auth: { user, pass: SMTP_PASSWORD.value() } } : {}),
    ...SMTP_POOL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  cached = { key, transport };
  return transport;
}
