import { describe, expect, it } from 'vitest';
import { COURSES } from '../catalogue';
import { INTERESTED_COURSES } from '../common';
import {
  STARTER_PROGRAMMES,
  parseStarterLesson,
  starterImagesOf,
  starterPercent,
  starterProgrammeOfCourse,
  starterProgrammesOf,
} from './starter';

const lesson = (front: string, body = 'A lesson body long enough to teach something. '.repeat(6)) => `---\n${front}\n---\n${body}`;

describe('starter lessons: the programmes and who reads them', () => {
  it('has one module per programme, each leading into catalogue courses that exist, none claimed twice', () => {
    expect(STARTER_PROGRAMMES.map((p) => p.name)).toEqual([...INTERESTED_COURSES]);
    const slugs = new Set(COURSES.map((c) => c.slug));
    const claimed = STARTER_PROGRAMMES.flatMap((p) => p.courses);
    for (const slug of claimed) expect(slugs.has(slug), slug).toBe(true);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(STARTER_PROGRAMMES.map((p) => p.slug)).toContain('artificial-intelligence-and-machine-learning');
  });

  it('maps a catalogue course to its programme, and a course outside every programme to none', () => {
    const ml = COURSES.find((c) => c.slug === 'machine-learning-with-python')!;
    const vlsi = COURSES.find((c) => c.slug === 'vlsi-design-fundamentals')!;
    expect(starterProgrammeOfCourse(ml.id)?.name).toBe('Artificial Intelligence & Machine Learning');
    expect(starterProgrammeOfCourse(vlsi.id)).toBeUndefined();
  });

  it('opens the chosen programme for a plan, the course’s for a course, all for the membership, none for an unrelated course', () => {
    const ml = COURSES.find((c) => c.slug === 'machine-learning-with-python')!.id;
    const vlsi = COURSES.find((c) => c.slug === 'vlsi-design-fundamentals')!.id;
    const cyber = COURSES.find((c) => c.slug === 'cybersecurity-fundamentals')!.id;
    expect(starterProgrammesOf({ planId: 'preRegistration', courseId: null, interestedCourse: 'Cloud Computing' })).toEqual([
      'cloud-computing',
    ]);
    // A course bought on its own: the form's interested course is only a default, never what was bought.
    expect(starterProgrammesOf({ planId: null, courseId: ml, interestedCourse: 'Full Stack Web Development' })).toEqual([
      'artificial-intelligence-and-machine-learning',
    ]);
    expect(starterProgrammesOf({ planId: null, courseId: vlsi, interestedCourse: 'Full Stack Web Development' })).toEqual([]);
    expect(starterProgrammesOf({ planId: 'custom', courseId: null, courseIds: [cyber], interestedCourse: 'Digital Marketing' })).toEqual([
      'digital-marketing',
      'cybersecurity',
    ]);
    expect(starterProgrammesOf({ planId: 'yearly', courseId: null, interestedCourse: 'Digital Marketing' })).toHaveLength(7);
  });

  it('rounds progress to whole percent and never passes 100', () => {
    expect([starterPercent(0, 4), starterPercent(1, 3), starterPercent(2, 4), starterPercent(5, 4), starterPercent(0, 0)]).toEqual([
      0, 33, 50, 100, 0,
    ]);
  });
});

describe('starter lessons: the file format', () => {
  it('reads the name, the front matter and the body', () => {
    const parsed = parseStarterLesson('02-html-gives-structure.md', lesson('title: HTML gives structure\nminutes: 8'));
    expect(parsed).toMatchObject({ slug: 'html-gives-structure', position: 2, title: 'HTML gives structure', minutes: 8 });
    expect(parsed.body.startsWith('A lesson body')).toBe(true);
  });

  it('refuses a bad name, missing front matter, a bad field and an empty lesson, naming the file', () => {
    const ok = 'title: T\nminutes: 5';
    expect(() => parseStarterLesson('intro.md', lesson(ok))).toThrow('intro.md: a lesson file is named NN-slug.md');
    expect(() => parseStarterLesson('01-a.md', 'no front matter')).toThrow('01-a.md: a lesson opens with front matter');
    expect(() => parseStarterLesson('01-a.md', lesson('title: T\nminutes: soon'))).toThrow('minutes is a whole number');
    expect(() => parseStarterLesson('01-a.md', lesson('minutes: 5'))).toThrow('a title of 1-90 characters');
    expect(() => parseStarterLesson('01-a.md', lesson('title T'))).toThrow('front matter lines read');
    expect(() => parseStarterLesson('01-a.md', lesson(ok, 'Too short.'))).toThrow('almost no text');
  });

  it('lists the images a lesson names', () => {
    expect(starterImagesOf('Text ![A loop](/starter/x/loop.svg) and ![](/starter/x/b.svg).')).toEqual([
      '/starter/x/loop.svg',
      '/starter/x/b.svg',
    ]);
  });
});
