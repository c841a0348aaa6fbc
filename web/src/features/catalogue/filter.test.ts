import { describe, expect, it } from 'vitest';
import { COURSES } from '@upskill/domain/catalogue';
import { EMPTY_FILTERS, filterCourses, filtersFromParams, filtersToParams, type Filters } from './filter';

const run = (patch: Partial<Filters>) => filterCourses(COURSES, { ...EMPTY_FILTERS, ...patch });

describe('catalogue filtering', () => {
  it('defaults to all 34 courses by rating, high to low', () => {
    const result = run({});
    expect(result).toHaveLength(34);
    for (let i = 1; i < result.length; i++) expect(result[i - 1].rating).toBeGreaterThanOrEqual(result[i].rating);
  });

  it('sorts by each of the 5 options', () => {
    const ratingsAsc = run({ sort: 'rating-asc' }).map((c) => c.rating);
    expect(ratingsAsc).toEqual([...ratingsAsc].sort((a, b) => a - b));
    const popDesc = run({ sort: 'popularity-desc' }).map((c) => c.students);
    expect(popDesc).toEqual([...popDesc].sort((a, b) => b - a));
    const popAsc = run({ sort: 'popularity-asc' }).map((c) => c.students);
    expect(popAsc).toEqual([...popAsc].sort((a, b) => a - b));
    expect(run({ sort: 'newest' }).map((c) => c.id)).toEqual(Array.from({ length: 34 }, (_, i) => 34 - i));
  });

  it('searches name or description, case-insensitively', () => {
    expect(run({ q: 'PYTHON' }).map((c) => c.id)).toEqual(expect.arrayContaining([1, 4]));
    expect(run({ q: 'figma' }).every((c) => /figma/i.test(c.name + c.desc))).toBe(true);
    expect(run({ q: 'figma' }).length).toBeGreaterThan(0);
  });

  it('also matches topics, category and instructor, forgiving case and extra spaces', () => {
    // 'pytest' appears only in a topic, never in a name or description.
    expect(COURSES.filter((c) => /pytest/i.test(c.name + c.desc))).toEqual([]);
    expect(run({ q: 'PyTest' }).map((c) => c.name)).toEqual(['Python Programming Foundations']);
    expect(
      run({ q: '  design   &  CREATIVE ' })
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      COURSES.filter((c) => c.category === 'Design & Creative')
        .map((c) => c.id)
        .sort(),
    );
    const priya = COURSES.filter((c) => c.instructor.name === 'Priya Menon');
    expect(
      run({ q: 'priya menon' })
        .map((c) => c.id)
        .sort(),
    ).toEqual(priya.map((c) => c.id).sort());
    expect(run({ q: 'machine\t  LEARNING' }).map((c) => c.name)).toContain('Machine Learning with Python');
    // Words may come in any order and from different fields: a topic and the instructor.
    expect(run({ q: 'pytest ananya' }).map((c) => c.name)).toEqual(['Python Programming Foundations']);
    expect(run({ q: '   ' })).toHaveLength(34);
  });

  it('filters by category and by level, alone and combined (AND)', () => {
    const security = run({ category: 'Security' });
    expect(security).toHaveLength(3);
    expect(security.every((c) => c.category === 'Security')).toBe(true);
    const beginners = run({ level: 'Beginner' });
    expect(beginners.every((c) => c.level === 'Beginner')).toBe(true);
    const both = run({ category: 'Security', level: 'Beginner' });
    expect(both.map((c) => c.name)).toEqual(['Cybersecurity Fundamentals']);
    expect(run({ category: 'Security', level: 'Beginner', q: 'hacking' })).toEqual([]);
  });

  it('returns an empty list when nothing matches', () => {
    expect(run({ q: 'underwater basket weaving' })).toEqual([]);
  });
});

describe('filters in the URL', () => {
  it('reads goal as the category and q as the search', () => {
    expect(filtersFromParams(new URLSearchParams('goal=Security&q=cloud'))).toEqual({ ...EMPTY_FILTERS, category: 'Security', q: 'cloud' });
  });
  it('ignores unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('category=Magic&level=Expert&sort=random'))).toEqual(EMPTY_FILTERS);
  });
  it('round-trips and clears to an empty query', () => {
    const filters: Filters = { q: 'data', category: 'AI & Data', level: 'Advanced', sort: 'newest' };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });
});
