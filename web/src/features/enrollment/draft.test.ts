import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { clearDraft, loadDraft, saveDraft } from './draft';

const record: EnrollmentRecord = {
  id: 'abc123',
  name: 'Meera',
  collegeName: 'NIT',
  email: 'meera@example.com',
  phone: '9876543210',
  interestedCourse: 'Cloud Computing',
  preferredBatchTime: 'Weekend Morning',
  planName: 'Pro',
  planId: 'pro',
  courseId: null,
  courseIds: null,
  price: 7799,
  listPrice: 7799,
  couponApplied: false,
  features: [],
  status: 'pending_payment',
  payment: null,
  refund: null,
  createdAt: null,
  updatedAt: null,
  batchId: null,
  holdUntil: null,
  billing: null,
  invoice: null,
  creditNote: null,
  subscription: null,
  credits: null,
  coveredBy: null,
  preRegistrationCredit: null,
  referral: null,
  referralCredits: null,
  ageDeclaration: 'adult',
  guardian: null,
};

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('enrollment draft (this tab only)', () => {
  it('saves, loads and clears the record with its edit token', () => {
    saveDraft({ record, editToken: 'f'.repeat(64), coupon: 'DISCOUNT20' });
    expect(loadDraft()).toEqual({ record, editToken: 'f'.repeat(64), coupon: 'DISCOUNT20' });
    clearDraft();
    expect(loadDraft()).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('treats corrupt or foreign storage as no draft', () => {
    for (const raw of ['{', 'null', '42', '{"record":{}}', '{"record":{"id":7}}']) {
      sessionStorage.setItem('upskill:enrollment', raw);
      expect(loadDraft()).toBeUndefined();
    }
  });

  it('keeps working when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveDraft({ record })).not.toThrow();
    expect(() => clearDraft()).not.toThrow();
  });
});
