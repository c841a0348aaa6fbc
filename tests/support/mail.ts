import { MAILDEV_INBOX } from '../../config/localServices.mjs';
import { db } from './admin';
import { eventually } from './poll';

/** A mail as MailDev's REST API returns it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  headers: Record<string, string>;
}

export async function inbox(): Promise<CaughtMail[]> {
  const res = await fetch(`${MAILDEV_INBOX}/api/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

export const mailsTo = async (address: string) =>
  (await inbox()).filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));

/**
 * Waits until `count` mails reached `address`, then waits `settleMs` more and checks no further one
 * came: "exactly N" means N after the dust settled, not N at the first look. The wait is long because a loaded
 * run's mail trigger has lagged past 20 s (a verification mail on CI); a passing run never waits that long.
 */
export async function expectMails(address: string, count: number, { timeoutMs = 40_000, settleMs = 2500 } = {}): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  let mails = await mailsTo(address);
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    mails = await mailsTo(address);
  }
  if (mails.length < count) throw new Error(`expected ${count} mails to ${address}, got ${mails.length}`);
  await new Promise((r) => setTimeout(r, settleMs));
  mails = await mailsTo(address);
  if (mails.length !== count)
    throw new Error(`expected exactly ${count} mails to ${address}, got ${mails.length}: ${mails.map((m) => m.subject).join(' | ')}`);
  return mails;
}

/** The http(s) links in a mail's plain text. */
export const linksIn = (mail: CaughtMail): string[] => mail.text.match(/https?:\/\/[^\s)]+/g) ?? [];

/** The raw message as it arrived over SMTP (headers MailDev does not parse, like List-Unsubscribe). */
export async function rawSource(mail: CaughtMail): Promise<string> {
  return (await fetch(`${MAILDEV_INBOX}/api/email/${mail.id}/source`)).text();
}

/** The mail to `address` whose subject starts with `subject`, once MailDev has it (the outbox sends within seconds). */
export async function mailWith(address: string, subject: string, timeoutMs = 40_000): Promise<CaughtMail> {
  return eventually(
    async () => (await mailsTo(address)).find((m) => m.subject.startsWith(subject)),
    timeoutMs,
    `a mail to ${address} starting "${subject}"`,
  );
}

/**
 * Waits until no "account deleted" mail is still on its way. Such a mail's document is deleted once it has gone
 * (functions/src/mail/deliver.ts), so a test that counts documents would see one vanish if another file's
 * account deletion were still being mailed when it began; with files run side by side, the mail trigger can
 * lag a few seconds behind. What is left after that has failed for good and stays.
 */
export async function deletionMailsSent(timeoutMs = 30_000): Promise<void> {
  await eventually(
    async () => {
      const left = await db().collection('mail').where('template', '==', 'account-deleted').get();
      return left.docs.every((d) => d.get('status') === 'failed') ? true : undefined;
    },
    timeoutMs,
    'every account-deleted mail to be sent',
  );
}

/**
 * Waits until every mail queued so far has had its first try: none is still pending untried. A file that queues
 * hundreds (the load test's 300 enrollments) leaves them to the mail trigger, which works through them a dozen
 * at a time; whatever runs next would otherwise wait behind that queue for its own mail.
 */
export async function outboxDrained(timeoutMs = 120_000): Promise<void> {
  await eventually(
    async () => {
      const waiting = await db().collection('mail').where('status', '==', 'pending').where('attempts', '==', 0).count().get();
      return waiting.data().count === 0 ? true : undefined;
    },
    timeoutMs,
    'every queued mail to have had its first try',
  );
}
