import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { MAIL_FROM, SITE_URL } from '../platform/mailer';
import { newsletterLinks } from './newsletterLinks';
import { GRPC, errorCode } from '../http/errors';
import type { MailDoc } from './outbox';
import { renderMail, type MailLinks } from './templates';
import { runTransaction } from '../http/transaction';

const LEASE_MS = 60_000;
/** Attempts over the message's whole life; each run of the sender makes up to ATTEMPTS_PER_RUN. */
export const MAX_ATTEMPTS = 5;
const ATTEMPTS_PER_RUN = 3;
const backoffMs = (attempt: number) => 1000 * 3 ** (attempt - 1); // 1 s, 3 s, 9 s, ...

/** One outgoing message, in nodemailer's terms. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  list?: { unsubscribe: { url: string; comment: string } };
  headers?: Record<string, string>;
}

/** What delivery needs of an SMTP client (nodemailer's Transporter has it). */
export interface MailTransport {
  sendMail(message: OutgoingMail): Promise<unknown>;
}

export interface DeliveryDeps {
  transport: MailTransport;
  sleep?: (ms: number) => Promise<void>;
}

export type DeliveryResult = 'sent' | 'already-handled' | 'failed' | 'retry-later';

/** SMTP 4xx and connection trouble are worth another try; a 5xx (bad address, refused content) is not. */
export function isTransient(err: unknown): boolean {
  const responseCode =
    typeof err === 'object' && err !== null && 'responseCode' in err ? Number((err as { responseCode: unknown }).responseCode) : undefined;
  if (responseCode !== undefined && !Number.isNaN(responseCode)) return responseCode < 500;
  const code = errorCode(err);
  return typeof code === 'string'
    ? ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL'].includes(code)
    : true;
}

function linksFor(doc: MailDoc): MailLinks {
  const site = SITE_URL.value();
  if (doc.template === 'newsletter-confirm') return { site, newsletter: newsletterLinks(site, doc.data.subscriptionId, doc.data.nonce) };
  return { site };
}

/** Takes the message for one attempt, unless it is done or another sender holds it. */
async function claim(ref: DocumentReference<MailDoc>): Promise<MailDoc | undefined> {
  return runTransaction(async (tx) => {
    const doc = (await tx.get(ref)).data();
    if (!doc || doc.status === 'sent' || doc.status === 'failed') return undefined;
    if (doc.status === 'sending' && doc.leaseUntil && doc.leaseUntil.toMillis() > Date.now()) return undefined;
    tx.update(ref, { status: 'sending', attempts: FieldValue.increment(1), leaseUntil: Timestamp.fromMillis(Date.now() + LEASE_MS) });
    return { ...doc, attempts: doc.attempts + 1 };
  });
}

/**
 * Sends one outbox message. The attempt is recorded before the send, so a crash mid-send is seen and
 * the message is retried after its lease; delivery is at-least-once, and every attempt carries the same
 * Message-ID, so a mail system that got it twice can tell. A failure never loses the message: it stays
 * in the outbox with its error until it is sent or runs out of attempts.
 */
export async function deliverMail(
  ref: DocumentReference<MailDoc>,
  { transport, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: DeliveryDeps,
): Promise<DeliveryResult> {
  for (let run = 0; run < ATTEMPTS_PER_RUN; run++) {
    const doc = await claim(ref);
    if (!doc) return run === 0 ? 'already-handled' : 'sent';
    try {
      const links = linksFor(doc);
      const { subject, text, html } = renderMail(doc, links);
      await transport.sendMail({
        from: MAIL_FROM.value(),
        to: doc.to,
        subject,
        text,
        html,
        messageId: `<mail-${ref.id}@upskill-learning.in>`,
        ...(links.newsletter
          ? {
              list: { unsubscribe: { url: links.newsletter.unsubscribe, comment: 'Unsubscribe' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
      if (doc.template === 'account-deleted') {
        // The last mail to a deleted account: once it has gone, its address is not kept even here. A
        // redelivered trigger finds nothing to claim, so it is still sent once.
        await ref.delete();
      } else {
        // The message may have been erased while it went out (its learner deleted their account): sent is sent.
        await ref
          .update({ status: 'sent', sentAt: FieldValue.serverTimestamp(), leaseUntil: null, lastError: null })
          .catch((err: unknown) => {
            if (errorCode(err) !== GRPC.NOT_FOUND) throw err;
          });
      }
      logger.info('mail sent', { mailId: ref.id, template: doc.template, attempts: doc.attempts });
      return 'sent';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = !isTransient(err) || doc.attempts >= MAX_ATTEMPTS;
      await ref.update({ status: final ? 'failed' : 'pending', lastError: message.slice(0, 500), leaseUntil: null });
      if (final) {
        logger.error('mail failed for good', { mailId: ref.id, template: doc.template, attempts: doc.attempts, error: message });
        return 'failed';
      }
      logger.warn('mail attempt failed, retrying', { mailId: ref.id, attempts: doc.attempts, error: message });
      if (run < ATTEMPTS_PER_RUN - 1) await sleep(backoffMs(doc.attempts));
    }
  }
  return 'retry-later';
}
