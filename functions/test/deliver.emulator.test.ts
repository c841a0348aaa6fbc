import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILDEV_SMTP_PORT } from '../../config/localServices.mjs';
// MailDev's inbox and the project id, as the API tests read them.
import { PROJECT_ID } from '../../tests/support/env';
import { expectMails } from '../../tests/support/mail';

/**
 * The sender's retry, with the real delivery code against MailDev behind a gate that refuses the first
 * connection (SMTP 421, "try again later") and passes the rest through. The messages live in a
 * collection of their own, so the deployed trigger (which watches mail/{id}) does not race the test.
 * Runs inside the emulator suite (functions/vitest.emulator.config.mts), which sets FIRESTORE_EMULATOR_HOST.
 */
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.MAIL_FROM = 'Upskill <hello@upskill-learning.in>';
process.env.SITE_URL = 'http://127.0.0.1:5000';
const { db } = await import('../src/platform/database');
const { deliverMail, MAX_ATTEMPTS } = await import('../src/mail/deliver');
const { SMTP_POOL } = await import('../src/platform/mailer');
type MailRef = Parameters<typeof deliverMail>[0];

let refusals = 0;
let refuseNext = 0;
let gate: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  gate = createServer((socket) => {
    sockets.add(socket);
    if (refuseNext > 0) {
      refuseNext--;
      refusals++;
      socket.end('421 4.3.2 Service not available, try again later\r\n');
      return;
    }
    const upstream = connect(MAILDEV_SMTP_PORT, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => gate.close(resolve));
});

function transport() {
  return createTransport({ host: '127.0.0.1', port: (gate.address() as AddressInfo).port, secure: false, ignoreTLS: true });
}

async function queued(to: string): Promise<MailRef> {
  const ref = db().collection('mailRetryTest').doc();
  await ref.set({
    to,
    template: 'contact-ack',
    data: { fullName: 'Retry Test', message: 'Hello' },
    status: 'pending',
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    sentAt: null,
    createdAt: new Date(),
  });
  return ref as unknown as MailRef;
}

describe('the outbox sender', () => {
  it('retries after the SMTP server refuses once, then sends exactly one mail; the attempts are on record', async () => {
    const to = `retry.${randomUUID().slice(0, 8)}@example.com`;
    const ref = await queued(to);
    refuseNext = 1;
    const waits: number[] = [];
    const result = await deliverMail(ref, { transport: transport(), sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe('sent');
    expect(refusals).toBe(1);
    expect(waits).toEqual([1000]);
    const doc = (
      await db()
        .collection('mailRetryTest')
        .doc((ref as unknown as { id: string }).id)
        .get()
    ).data();
    expect(doc).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const [mail] = await expectMails(to, 1);
    expect(mail.headers['message-id']).toBe(`<mail-${(ref as unknown as { id: string }).id}@upskill-learning.in>`);
    console.log(`mail retry: 1 refusal (421), ${doc?.attempts} attempts, 1 mail delivered`);
  });

  it('a message already sent is never sent again (a redelivered trigger event)', async () => {
    const to = `twice.${randomUUID().slice(0, 8)}@example.com`;
    const ref = await queued(to);
    expect(await deliverMail(ref, { transport: transport() })).toBe('sent');
    expect(await deliverMail(ref, { transport: transport() })).toBe('already-handled');
    await expectMails(to, 1);
  });

  it('pooled as the deployed sender is: mail after mail on one connection, and one the server dropped while idle costs nothing', async () => {
    const pooled = createTransport({
      host: '127.0.0.1',
      port: (gate.address() as AddressInfo).port,
      secure: false,
      ignoreTLS: true,
      ...SMTP_POOL,
    });
    try {
      const before = sockets.size;
      const to = Array.from({ length: 4 }, (_, i) => `pooled.${i}.${randomUUID().slice(0, 8)}@example.com`);
      for (const address of to.slice(0, 3)) expect(await deliverMail(await queued(address), { transport: pooled })).toBe('sent');
      // Three messages, one connection.
      expect(sockets.size - before).toBe(1);
      // The server closes the idle connection (a provider's idle timeout, an instance frozen between requests).
      for (const socket of [...sockets].slice(before)) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waits: number[] = [];
      const last = await queued(to[3]);
      expect(await deliverMail(last, { transport: pooled, sleep: async (ms) => void waits.push(ms) })).toBe('sent');
      expect(sockets.size - before).toBe(2);
      // Exactly one each, after the same settling wait (side by side, not four waits in a row).
      await Promise.all(to.map((address) => expectMails(address, 1)));
      console.log(`pooled SMTP: 4 mails on 2 connections (one dropped while idle), ${waits.length} retries`);
    } finally {
      pooled.close();
    }
  });

  it('keeps a message that keeps failing, with its error, until its attempts run out; it is never lost', async () => {
    const to = `down.${randomUUID().slice(0, 8)}@example.com`;
    const ref = await queued(to);
    refuseNext = 100;
    const first = await deliverMail(ref, { transport: transport(), sleep: async () => undefined });
    expect(first).toBe('retry-later');
    let doc = (
      await db()
        .collection('mailRetryTest')
        .doc((ref as unknown as { id: string }).id)
        .get()
    ).data();
    expect(doc).toMatchObject({ status: 'pending', attempts: 3 });
    expect(doc?.lastError).toMatch(/421/);
    expect(await deliverMail(ref, { transport: transport(), sleep: async () => undefined })).toBe('failed');
    doc = (
      await db()
        .collection('mailRetryTest')
        .doc((ref as unknown as { id: string }).id)
        .get()
    ).data();
    expect(doc).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    refuseNext = 0;
  });
});
