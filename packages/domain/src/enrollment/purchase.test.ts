import { describe, expect, it } from 'vitest';
import { purchaseLines, purchaseTitle } from './purchase';

// The form's interested course defaults to its first option, Full Stack Web Development: it must never
// read as the thing bought.
const DEFAULT_INTEREST = 'Full Stack Web Development';

describe('what a purchase says was bought', () => {
  it('a catalogue course names that course and nothing of the form’s default interest', () => {
    const e = { planId: null, planName: 'Machine Learning with Python', courseId: 7, courseIds: null, interestedCourse: DEFAULT_INTEREST };
    const lines = purchaseLines(e);
    expect(lines).toEqual([{ label: 'Course', value: expect.any(String) }]);
    expect(lines[0].value).not.toBe(DEFAULT_INTEREST);
    expect(purchaseTitle(e)).toBe(lines[0].value);
  });

  it('a credit plan says what it includes and shows the interest as an interest', () => {
    const e = { planId: 'pro', planName: 'Pro', courseId: null, courseIds: null, interestedCourse: DEFAULT_INTEREST };
    expect(purchaseLines(e)).toEqual([
      { label: 'Plan', value: 'Pro' },
      { label: 'Includes', value: '3 course credits, each spent on a course of your choice' },
      { label: 'Interested in', value: DEFAULT_INTEREST },
    ]);
    expect(purchaseTitle(e)).toBe('Pro plan (3 course credits)');
    expect(purchaseTitle({ ...e, planId: 'singleCourse', planName: 'Single Course Access' })).toBe(
      'Single Course Access plan (1 course credit)',
    );
  });

  it('the membership, a Custom plan and a Pre Registration', () => {
    const elite = {
      planId: 'yearly',
      planName: 'Elite Learning Membership',
      courseId: null,
      courseIds: null,
      interestedCourse: 'Cloud Computing',
    };
    expect(purchaseLines(elite).map((line) => line.label)).toEqual(['Plan', 'Includes', 'Interested in']);
    expect(purchaseTitle(elite)).toBe('Elite Learning Membership');
    const custom = { planId: 'custom', planName: 'Custom', courseId: null, courseIds: [1, 2], interestedCourse: DEFAULT_INTEREST };
    expect(purchaseLines(custom)).toEqual([
      { label: 'Plan', value: 'Custom' },
      { label: 'Courses', value: 'Python Programming Foundations, Java and Object-Oriented Design' },
    ]);
    const pre = {
      planId: 'preRegistration',
      planName: 'Pre Registration',
      courseId: null,
      courseIds: null,
      interestedCourse: 'Cloud Computing',
    };
    expect(purchaseLines(pre)).toEqual([
      { label: 'Plan', value: 'Pre Registration' },
      { label: 'Programme', value: 'Cloud Computing' },
    ]);
    expect(purchaseTitle(pre)).toBe('Pre Registration: Cloud Computing');
  });
});
