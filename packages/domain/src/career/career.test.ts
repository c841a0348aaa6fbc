import { describe, expect, it } from 'vitest';
import { HOME_PLANS, PRICING_PLANS } from '../catalogue';
import {
  CHECKLISTS,
  careerReviewFigures,
  careerAllowanceLine,
  careerAllowances,
  careerLinkProblem,
  careerReviewDueAt,
  careerReviewSchema,
  careerSubmissionSchema,
  checklistProblem,
} from '.';

const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
};

describe('career reviews: what each plan gives', () => {
  it('follows the cards: Pro one of each, Platinum a resume review, Elite two of each a year, others none', () => {
    expect(careerAllowances('pro').map((a) => [a.kind, a.count, a.per])).toEqual([
      ['resume', 1, 'purchase'],
      ['linkedin', 1, 'purchase'],
    ]);
    expect(careerAllowances('platinum').map((a) => [a.kind, a.count])).toEqual([['resume', 1]]);
    expect(careerAllowances('yearly').map((a) => [a.kind, a.count, a.per])).toEqual([
      ['resume', 2, 'membership-year'],
      ['linkedin', 2, 'membership-year'],
    ]);
    for (const plan of ['standard', 'singleCourse', 'preRegistration', 'custom', null]) expect(careerAllowances(plan)).toEqual([]);
    // The words on the cards that these keep.
    const features = (id: string) => [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === id)!.features.join(' · ');
    expect(features('pro')).toContain('Resume and LinkedIn review');
    expect(features('platinum')).toContain('Placement assistance');
  });

  it('says what is left as My Courses shows it', () => {
    const [resume] = careerAllowances('pro');
    expect(careerAllowanceLine(resume, 1)).toBe('Resume review: 1 left, with one re-review');
    expect(careerAllowanceLine(resume, 0)).toBe('Resume review: 0 left');
    expect(careerAllowanceLine(careerAllowances('yearly')[1], 2)).toBe('LinkedIn review: 2 left this membership year, with one re-review');
  });

  it('promises 3 working days, 1 on Elite, in India’s working hours', () => {
    // A Friday at 16:00: 2 h that day, Saturday's 9, Monday's 9, then 7 on Tuesday.
    expect(careerReviewDueAt('pro', ist('2031-01-10T16:00:00'))).toBe(ist('2031-01-14T16:00:00'));
    expect(careerReviewDueAt('yearly', ist('2031-01-10T16:00:00'))).toBe(ist('2031-01-11T16:00:00'));
  });
});

describe('career links', () => {
  it('takes https links to a document, a LinkedIn profile, a posting', () => {
    expect(careerLinkProblem('resume', 'https://docs.google.com/document/d/1AbC/edit')).toBeNull();
    expect(careerLinkProblem('linkedin', 'https://www.linkedin.com/in/asha-kapoor-123/')).toBeNull();
    expect(careerLinkProblem('linkedin', 'https://in.linkedin.com/in/asha_kapoor')).toBeNull();
    expect(careerLinkProblem('posting', 'https://careers.example.com/jobs/42')).toBeNull();
  });

  it('refuses other schemes, credentials, non-profile LinkedIn pages and over 2,000 characters', () => {
    expect(careerLinkProblem('resume', 'http://example.com/cv.pdf')).toMatch(/^Give an https:\/\/ link/);
    expect(careerLinkProblem('resume', 'javascript:alert(1)')).toMatch(/^Give an https:\/\/ link/);
    expect(careerLinkProblem('resume', 'data:text/html,<b>hi</b>')).toMatch(/^Give an https:\/\/ link/);
    expect(careerLinkProblem('resume', 'https://user:pass@example.com/cv.pdf')).toBe('A link cannot carry a user name or password.');
    expect(careerLinkProblem('resume', `https://example.com/${'a'.repeat(2000)}`)).toBe('A link is at most 2,000 characters.');
    expect(careerLinkProblem('linkedin', 'https://www.linkedin.com/company/upskill')).toMatch(/^This is not a LinkedIn profile/);
    expect(careerLinkProblem('linkedin', 'https://linkedin.com.evil.example/in/asha')).toMatch(/^This is not a LinkedIn profile/);
    expect(careerLinkProblem('linkedin', 'not a link')).toMatch(/^Give your profile/);
  });

  it('the submission schema names each field', async () => {
    expect(
      await errorsOf(careerSubmissionSchema, {
        enrollmentId: 'e1',
        kind: 'linkedin',
        link: 'https://www.linkedin.com/feed/',
        targetRole: ' ',
        postingLink: 'ftp://jobs.example.com/1',
      }),
    ).toEqual({
      link: 'This is not a LinkedIn profile’s address. It looks like https://www.linkedin.com/in/your-name.',
      targetRole: 'Name the role you are aiming at, so we review for it.',
      postingLink: 'Give the posting’s https:// address.',
    });
    expect(
      await errorsOf(careerSubmissionSchema, {
        enrollmentId: 'e1',
        kind: 'resume',
        link: 'https://drive.google.com/file/d/1x/view',
        targetRole: 'Data analyst',
        postingLink: null,
      }),
    ).toEqual({});
  });
});

describe('a reviewer’s marks', () => {
  const marks = (kind: 'resume' | 'linkedin') => CHECKLISTS[kind].map((c) => ({ id: c.id, mark: 'good' as const, comment: '' }));
  it('cover the checklist exactly, once each', () => {
    expect(checklistProblem('resume', marks('resume'))).toBeNull();
    expect(checklistProblem('resume', marks('resume').slice(1))).toBe('Mark each point of the checklist once.');
    expect(checklistProblem('resume', [...marks('resume'), marks('resume')[0]])).toBe('Mark each point of the checklist once.');
    expect(checklistProblem('linkedin', marks('resume'))).toBe('Mark each point of the checklist once.');
  });

  it('"changes suggested" says what to change first', async () => {
    const review = { checks: marks('resume'), summary: 'Strong projects.', firstChanges: [], verdict: 'changes-suggested', release: true };
    expect(await errorsOf(careerReviewSchema, review)).toEqual({ firstChanges: 'Say what to change first.' });
    expect(await errorsOf(careerReviewSchema, { ...review, firstChanges: ['Add numbers to the first job'] })).toEqual({});
    expect(await errorsOf(careerReviewSchema, { ...review, verdict: 'approved' })).toEqual({});
  });
});

describe('the reviews’ promise, counted', () => {
  it('counts each version once: released on time or late, waiting, and overdue now', () => {
    const h = 3_600_000;
    const figures = careerReviewFigures(
      [
        { submittedAtMs: 0, dueAtMs: 27 * h, releasedAtMs: 20 * h },
        { submittedAtMs: 0, dueAtMs: 27 * h, releasedAtMs: 30 * h },
        { submittedAtMs: 0, dueAtMs: 27 * h, releasedAtMs: 27 * h },
        { submittedAtMs: 40 * h, dueAtMs: 49 * h, releasedAtMs: null },
        { submittedAtMs: 60 * h, dueAtMs: 69 * h, releasedAtMs: null },
      ],
      50 * h,
    );
    expect(figures).toEqual({ released: 3, onTime: 2, onTimePercent: 67, waiting: 2, overdue: 1 });
    expect(careerReviewFigures([], 0)).toEqual({ released: 0, onTime: 0, onTimePercent: null, waiting: 0, overdue: 0 });
  });
});
