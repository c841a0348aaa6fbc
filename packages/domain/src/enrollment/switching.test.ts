import { describe, expect, it } from 'vitest';
import { OFFERINGS } from '../batches';
import { SWITCH_MESSAGES, switchRefusal, switchTargets, switchedFields, type SwitchFacts } from './switching';

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
  it('a course switches to another course of the same price only', () => {
    // 4 Machine Learning with Python and 6 Deep Learning and Generative AI are ₹3,589; 1 Python Programming Foundations ₹3,399.
    expect(switchRefusal(course(4), 'deep-learning-and-generative-ai', LATER, NOW)).toBeNull();
    expect(switchRefusal(course(4), 'python-programming-foundations', LATER, NOW)).toBe(SWITCH_MESSAGES.price);
    expect(switchRefusal(course(4), 'machine-learning-with-python', LATER, NOW)).toBe(SWITCH_MESSAGES.same);
    expect(switchRefusal(course(4), 'cloud-computing', LATER, NOW)).toBe(SWITCH_MESSAGES.course);
    expect(switchTargets(course(4), OFFERINGS).map((o) => o.slug)).toEqual([
      'deep-learning-and-generative-ai',
      'full-stack-web-development-with-react-and-node',
    ]);
    expect(switchedFields(course(4), 'deep-learning-and-generative-ai')).toEqual({
      courseId: 6,
      interestedCourse: 'Cloud Computing',
      planName: 'Deep Learning and Generative AI',
    });
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
