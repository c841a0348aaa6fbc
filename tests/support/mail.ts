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

/**
 * The mails to one address, filtered by MailDev (`?to.address=`, an exact match, so asked as given and in lower case).
 * Polling the whole inbox instead sent every mail of the run, some 1,600 of them by the end, several times a second
 * from each worker: MailDev's serialising slowed its SMTP side, and the mail trigger lagged past the tests' 40 s waits.
 */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const spellings = [...new Set([address, address.toLowerCase()])];
  const found = await Promise.all(
    spellings.map(async (to) => {
      const res = await fetch(`${MAILDEV_INBOX}/api/email?${new URLSearchParams({ 'to.address': to })}`);
      if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
      return (await res.json()) as CaughtMail[];
    }),
  );
  const byId = new Map(found.flat().map((m) => [m.id, m]));
  return [...byId.values()].filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

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

/**
 * Like expectMails, for the mails to `address` whose subject starts with `subject`: exactly `count` once the dust has
 * settled. For a test about one kind of mail, where a job another file runs at a moved clock may legitimately add
 * another kind (a batch's "starts tomorrow" reminder reaches every batch starting that day).
 */
export async function expectMailsWith(
  address: string,
  subject: string,
  count: number,
  { timeoutMs = 40_000, settleMs = 2500 } = {},
): Promise<CaughtMail[]> {
  const matching = async () => (await mailsTo(address)).filter((m) => m.subject.startsWith(subject));
  const deadline = Date.now() + timeoutMs;
  let mails = await matching();
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    mails = await matching();
  }
  if (mails.length < count) throw new Error(`expected ${count} mails "${subject}" to ${address}, got ${mails.length}`);
  await new Promise((r) => setTimeout(r, settleMs));
  mails = await matching();
  if (mails.length !== count) throw new Error(`expected exactly ${count} mails "${subject}" to ${address}, got ${mails.length}`);
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
