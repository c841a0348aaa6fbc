import { describe, expect, it } from 'vitest';
import { OFFERINGS } from '../batches';
import {
  SWITCH_MESSAGES,
  refundedBySwitches,
  switchRefund,
  switchRefusal,
  switchTargets,
  switchTopUp,
  switchedFields,
  topUpPayments,
  type SwitchFacts,
} from './switching';

const NOW = Date.UTC(2031, 4, 6, 6);
const LATER = NOW + 86_400_000;
const course = (courseId: number): SwitchFacts & { planName: string } => ({
  status: 'paid',
  planId: null,
  courseId,
  interestedCourse: 'Cloud Computing',
  planName: 'Machine Learning with Python',
});
const plan = (planId: string): SwitchFacts & { planName: string } => ({
  status: 'paid',
  planId,
  courseId: null,
  interestedCourse: 'Cloud Computing',
  planName: 'Pro',
});

describe('switching course before the batch starts', () => {
  it('a course switches to any other course: a cheaper one’s difference refunded, a dearer one’s paid on top', () => {
    // 4 Machine Learning with Python and 6 Deep Learning and Generative AI are ₹3,589; 1 Python Programming Foundations ₹3,399.
    expect(switchRefusal(course(4), 'deep-learning-and-generative-ai', LATER, NOW)).toBeNull();
    expect(switchRefusal(course(4), 'python-programming-foundations', LATER, NOW)).toBeNull();
    expect(switchRefusal(course(1), 'machine-learning-with-python', LATER, NOW)).toBeNull();
    expect(switchTopUp(course(1), 'machine-learning-with-python')).toBe(190);
    expect(switchTopUp(course(4), 'python-programming-foundations')).toBe(0);
    expect(switchTopUp(course(4), 'deep-learning-and-generative-ai')).toBe(0);
    // A plan's price does not depend on its programme: nothing to pay on top.
    expect(switchTopUp(plan('pro'), 'data-science-and-analytics')).toBe(0);
    expect(switchRefund({ ...course(1), paidAmount: 3399 }, 'machine-learning-with-python')).toBe(0);
    expect(switchRefusal(course(4), 'machine-learning-with-python', LATER, NOW)).toBe(SWITCH_MESSAGES.same);
    expect(switchRefusal(course(4), 'cloud-computing', LATER, NOW)).toBe(SWITCH_MESSAGES.course);
    expect(switchTargets(course(4), OFFERINGS).map((o) => o.slug)).toContain('python-programming-foundations');
    expect(switchTargets(course(1), OFFERINGS).map((o) => o.slug)).toContain('machine-learning-with-python');
    expect(switchTargets(course(1), OFFERINGS).every((o) => o.kind === 'course')).toBe(true);
    expect(switchRefund({ ...course(4), paidAmount: 3589 }, 'python-programming-foundations')).toBe(190);
    expect(switchRefund({ ...course(4), paidAmount: 3589 }, 'deep-learning-and-generative-ai')).toBe(0);
    // Never more than was paid (a referral discount and credits can bring the payment below the difference).
    expect(switchRefund({ ...course(4), paidAmount: 100 }, 'python-programming-foundations')).toBe(100);
    // A plan's price does not depend on its programme.
    expect(switchRefund({ ...plan('pro'), paidAmount: 7799 }, 'data-science-and-analytics')).toBe(0);
    expect(switchedFields(course(4), 'deep-learning-and-generative-ai')).toEqual({
      courseId: 6,
      interestedCourse: 'Cloud Computing',
      planName: 'Deep Learning and Generative AI',
    });
  });

  it('not again while the last switch’s refund is owed; what switches refunded is summed for a later refund', () => {
    const owed = { ...course(4), switchRefund: { refundId: null } };
    expect(switchRefusal(owed, 'deep-learning-and-generative-ai', LATER, NOW)).toBe(SWITCH_MESSAGES.refundOwed);
    expect(switchTargets(owed, OFFERINGS)).toEqual([]);
    const made = { ...course(4), switchRefund: { refundId: 'rfnd_1' } };
    expect(switchRefusal(made, 'deep-learning-and-generative-ai', LATER, NOW)).toBeNull();
    expect(refundedBySwitches({ switches: [{ refund: 190 }, {}, { refund: 40 }] })).toBe(230);
    expect(refundedBySwitches({})).toBe(0);
    // The payments that paid a dearer switch's difference, for a later full refund.
    expect(
      topUpPayments({ switches: [{ refund: 40 }, { topUp: 190, topUpPaymentId: 'pay_2' }, { topUp: 0, topUpPaymentId: null }] }),
    ).toEqual([{ paymentId: 'pay_2', amount: 190 }]);
  });

  it("a plan's programme seat switches to another programme", () => {
    expect(switchRefusal(plan('pro'), 'data-science-and-analytics', LATER, NOW)).toBeNull();
    expect(switchRefusal(plan('pro'), 'cloud-computing', LATER, NOW)).toBe(SWITCH_MESSAGES.same);
    expect(switchRefusal(plan('singleCourse'), 'machine-learning-with-python', LATER, NOW)).toBe(SWITCH_MESSAGES.programme);
    expect(switchTargets(plan('standard'), OFFERINGS).every((o) => o.kind === 'programme' && o.slug !== 'cloud-computing')).toBe(true);
    expect(switchTargets(plan('standard'), OFFERINGS)).toHaveLength(6);
    expect(switchedFields(plan('pro'), 'data-science-and-analytics')).toEqual({
      courseId: null,
      interestedCourse: 'Data Science & Analytics',
      planName: 'Pro',
    });
  });

  it('never once the batch has started, nor for an unpaid enrollment, a Custom plan, a membership or a credit', () => {
    expect(switchRefusal(plan('pro'), 'data-science-and-analytics', NOW, NOW)).toBe(SWITCH_MESSAGES.started);
    expect(switchRefusal({ ...plan('pro'), status: 'pending_payment' }, 'data-science-and-analytics', LATER, NOW)).toBe(
      SWITCH_MESSAGES.notPaid,
    );
    for (const planId of ['custom', 'yearly', 'preRegistration'])
      expect(switchRefusal(plan(planId), 'data-science-and-analytics', LATER, NOW)).toBe(SWITCH_MESSAGES.plan);
    expect(
      switchRefusal({ ...plan('pro'), coveredBy: { enrollmentId: 'x', kind: 'credit' } }, 'data-science-and-analytics', LATER, NOW),
    ).toBe(SWITCH_MESSAGES.plan);
    expect(switchTargets({ ...plan('custom') }, OFFERINGS)).toEqual([]);
  });
});
