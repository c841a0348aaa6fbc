import { describe, expect, it } from 'vitest';
import { COURSES } from '@upskill/domain/catalogue';
import { enrollLink, targetParam } from './enrollLink';
import { isEnrollmentTarget, targetFromParam } from './target';

describe('enrollment target', () => {
  it('round-trips plans and courses through the :target route parameter', () => {
    expect(targetParam({ kind: 'plan', planId: 'pro' })).toBe('pro');
    expect(targetParam({ kind: 'course', courseId: 5 })).toBe('course-5');
    expect(targetFromParam('pro')).toEqual({ kind: 'plan', planId: 'pro' });
    expect(targetFromParam('course-5')).toEqual({ kind: 'course', courseId: 5 });
  });

  it('refuses what the catalogue does not hold', () => {
    for (const param of [
      undefined,
      '',
      'diamond',
      'course-0',
      `course-${COURSES.length + 1}`,
      'course-5x',
      'course-',
      '__proto__',
      'constructor',
    ]) {
      expect(targetFromParam(param)).toBeUndefined();
    }
    for (const state of [null, 'pro', { kind: 'plan', planId: 'gold' }, { kind: 'course', courseId: '5' }, { kind: 'other' }]) {
      expect(isEnrollmentTarget(state)).toBe(false);
    }
  });

  it('builds the link and router state, keeping the coupon and edit id out of the URL', () => {
    expect(enrollLink({ kind: 'course', courseId: 12 })).toEqual({
      to: '/course/plans/course-12/info',
      state: { kind: 'course', courseId: 12 },
    });
    const edit = enrollLink({ kind: 'plan', planId: 'yearly', coupon: 'DISCOUNT20' }, 'abc123');
    expect(edit.to).toBe('/course/plans/yearly/info');
    expect(edit.state).toEqual({ kind: 'plan', planId: 'yearly', coupon: 'DISCOUNT20', editId: 'abc123' });
  });
});
