import { describe, expect, it } from 'vitest';
import { certificates, completionSweep, contact, enroll, learning, newsletter, payments, reminderSweep, sendMail } from './index';

describe('deployed function settings', () => {
  it('caps every function with maxInstances and a short timeout, in one region', () => {
    for (const fn of [contact, enroll, payments, newsletter, learning, certificates]) {
      expect(fn.__endpoint.maxInstances).toBe(10);
      expect(fn.__endpoint.timeoutSeconds).toBe(30);
      expect(fn.__endpoint.region).toEqual(['asia-south1']);
      expect(fn.__endpoint.httpsTrigger).toBeDefined();
    }
  });

  it('binds the Razorpay secrets to the functions that take payments, and only to them', () => {
    const secrets = (fn: typeof enroll) => (fn.__endpoint.secretEnvironmentVariables ?? []).map((s) => s.key).sort();
    expect(secrets(enroll)).toEqual(['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
    expect(secrets(payments)).toEqual(['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
    expect(secrets(contact)).toEqual([]);
    expect(secrets(learning)).toEqual([]);
  });
});

describe('the outbox sender', () => {
  it('is triggered by each new mail/{id} document, retried by the platform while it fails, and holds the SMTP secret', () => {
    expect(sendMail.__endpoint.eventTrigger?.eventFilters).toEqual({ database: '(default)', namespace: '(default)' });
    expect(sendMail.__endpoint.eventTrigger?.eventFilterPathPatterns).toEqual({ document: 'mail/{id}' });
    expect(sendMail.__endpoint.eventTrigger?.retry).toBe(true);
    expect((sendMail.__endpoint.secretEnvironmentVariables ?? []).map((s) => s.key).sort()).toEqual([
      'NEWSLETTER_LINK_SECRET',
      'SMTP_PASSWORD',
    ]);
  });
});

describe('the reminder job', () => {
  it('runs every 15 minutes, one instance at a time', () => {
    expect(reminderSweep.__endpoint.scheduleTrigger?.schedule).toBe('every 15 minutes');
    expect(reminderSweep.__endpoint.maxInstances).toBe(1);
    expect(completionSweep.__endpoint.scheduleTrigger?.schedule).toBe('every 1 hours');
  });

  it('every function, trigger and schedule runs in Mumbai (asia-south1), and the schedules on India time', async () => {
    const all = Object.entries(await import('./index')).filter(([, fn]) => typeof fn === 'function' && '__endpoint' in fn);
    expect(all.length).toBeGreaterThan(25);
    for (const [name, fn] of all) {
      const endpoint = (fn as { __endpoint: { region?: string[]; scheduleTrigger?: { timeZone?: string | null } } }).__endpoint;
      expect(endpoint.region, name).toEqual(['asia-south1']);
      if (endpoint.scheduleTrigger) expect(endpoint.scheduleTrigger.timeZone, name).toBe('Asia/Kolkata');
    }
  });
});
