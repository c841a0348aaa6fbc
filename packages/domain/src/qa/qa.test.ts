import { describe, expect, it } from 'vitest';
import { QA_ABOUT_VALUE, parseQaSpaceId, qaDueAt, qaPromise, qaSpaceId } from './qa';
import { questionSchema } from './rules';

describe('Q&A spaces', () => {
  it('names a course’s, a programme’s and a batch’s space, and reads each name back', () => {
    for (const space of [
      { kind: 'course', courseId: 4 },
      { kind: 'programme', programme: 'artificial-intelligence-and-machine-learning' },
      { kind: 'batch', batchId: 'Ab3xYz09' },
    ] as const)
      expect(parseQaSpaceId(qaSpaceId(space))).toEqual(space);
    expect(qaSpaceId({ kind: 'programme', programme: 'cloud-computing' })).toBe('programme-cloud-computing');
  });

  it('reads nothing else as a space', () => {
    for (const id of [
      'course-0',
      'course-12345',
      'programme-',
      'programme-Cloud',
      'programme-cloud--computing',
      'batch-a/b',
      'cloud-computing',
      '',
    ])
      expect(parseQaSpaceId(id), id).toBeNull();
  });
});

describe('what a question may point to', () => {
  it('is a class or an assignment by id, or nothing', async () => {
    expect(['session:abc123', 'assignment:a1'].every((v) => QA_ABOUT_VALUE.test(v))).toBe(true);
    expect(['lesson:1', 'session:', 'session:a b', 'assignment:a1;drop'].some((v) => QA_ABOUT_VALUE.test(v))).toBe(false);
    const base = { title: 'A question long enough', body: 'Body.' };
    await expect(questionSchema.validate({ ...base, about: 'session:abc123' })).resolves.toMatchObject({ about: 'session:abc123' });
    await expect(questionSchema.validate(base)).resolves.toEqual(base);
    await expect(questionSchema.validate({ ...base, about: 'lesson:1' })).rejects.toThrow('Choose a class or an assignment from the list.');
  });
});

describe('the first-answer promise', () => {
  const ist = (wall: string) => Date.parse(`${wall}+05:30`);
  it('is 24 hours for everyone, seven days a week; 4 working hours on Platinum and Elite, never later than the 24 hours', () => {
    expect(qaDueAt(false, ist('2024-11-30T17:00:00'))).toBe(ist('2024-12-01T17:00:00'));
    // Saturday 17:00: 4 working hours would be Monday 12:00, so the 24 hours come first.
    expect(qaDueAt(true, ist('2024-11-30T17:00:00'))).toBe(ist('2024-12-01T17:00:00'));
    expect(qaDueAt(true, ist('2024-12-02T10:00:00'))).toBe(ist('2024-12-02T14:00:00'));
    expect(qaPromise(true)).toBe('4 working hours (24 hours at most)');
    expect(qaPromise(false)).toBe('24 hours');
  });
});
