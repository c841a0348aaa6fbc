import type { Course } from '@upskill/domain/catalogue';
import { CATEGORIES, DEFAULT_SORT, LEVELS, SORT_OPTIONS, type Category, type Level, type SortOption } from '@upskill/domain/common';

export interface Filters {
  q: string;
  category: Category | '';
  level: Level | '';
  sort: SortOption;
}

export const EMPTY_FILTERS: Filters = { q: '', category: '', level: '', sort: DEFAULT_SORT };

const isCategory = (v: string | null): v is Category => CATEGORIES.some((c) => c === v);
const isLevel = (v: string | null): v is Level => LEVELS.some((l) => l === v);
const isSort = (v: string | null): v is SortOption => SORT_OPTIONS.some((s) => s.value === v);

/** Filters from the URL: `q`, `category` (or `goal` from /get-started), `level`, `sort`. Unknown values are ignored. */
export function filtersFromParams(params: URLSearchParams): Filters {
  const category = params.get('category') ?? params.get('goal');
  const level = params.get('level');
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    category: isCategory(category) ? category : '',
    level: isLevel(level) ? level : '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

export function filtersToParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.level) params.set('level', filters.level);
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

const COMPARE: Record<SortOption, (a: Course, b: Course) => number> = {
  'rating-desc': (a, b) => b.rating - a.rating || b.students - a.students,
  'rating-asc': (a, b) => a.rating - b.rating || a.students - b.students,
  'popularity-desc': (a, b) => b.students - a.students,
  'popularity-asc': (a, b) => a.students - b.students,
  newest: (a, b) => b.id - a.id,
};

/** Lower case, with every run of whitespace one space: 'Machine   LEARNING ' matches 'machine learning'. */
const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** What the search box looks through: name, description, topics, category and instructor. */
const searchable = (course: Course) =>
  fold([course.name, course.desc, ...course.topics, course.category, course.instructor.name].join('\n'));

/**
 * Category AND level AND a text match, then the chosen sort. The text matches when every word of the
 * query appears somewhere in the course's searchable text, in any case and order ('python testing').
 */
export function filterCourses(courses: readonly Course[], filters: Filters): Course[] {
  const words = fold(filters.q).split(' ').filter(Boolean);
  return courses
    .filter((course) => {
      if (filters.category && course.category !== filters.category) return false;
      if (filters.level && course.level !== filters.level) return false;
      if (words.length === 0) return true;
      const text = searchable(course);
      return words.every((word) => text.includes(word));
    })
    .sort(COMPARE[filters.sort]);
}
