import { MAILDEV_INBOX } from '../../config/localServices.mjs';

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
 * came: "exactly N" means N after the dust settled, not N at the first look.
 */
export async function expectMails(address: string, count: number, { timeoutMs = 20_000, settleMs = 2500 } = {}): Promise<CaughtMail[]> {
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
export async function mailWith(address: string, subject: string, timeoutMs = 20_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((m) => m.subject.startsWith(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} starting "${subject}"`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
