import { startTransition, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COURSES, type Course } from '@upskill/domain/catalogue';
import { CATEGORIES, LEVELS, SORT_OPTIONS } from '@upskill/domain/common';
import { FormField } from '../../components/FormField';
import { StaticHtml } from '../../components/StaticHtml';
import { coursePath } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useEarlyEdits } from '../../lib/earlyEdits';
import { useHydrated } from '../../lib/useHydrated';
import { useAfterFirstInput } from '../../lib/afterIdle';
import { CourseCard } from './CourseCard';
import { EMPTY_FILTERS, filterCourses, filtersFromParams, filtersToParams, type Filters } from './filter';

/**
 * The preview (its dialog, countdown and syllabus) is fetched when a visitor shows interest in a card (a pointer
 * over the list, a focus in it) or opens one: nobody needs it to read the catalogue, and on a slow phone its
 * modules were part of the page's start-up (issue 60). It opens once its module is there, without a Suspense
 * boundary, whose reveal React may hold back on a timer.
 */
const loadPreview = () => import('./PreviewModal');
/** Fetches the preview ahead of a click; a failure here is handled when the visitor opens one. */
const warmPreview = () => void loadPreview().catch(() => undefined);
type PreviewDialog = Awaited<ReturnType<typeof loadPreview>>['PreviewModal'];

/** A row at desktop widths; a phone's first screen shows one. The prerendered page carries these. */
const FIRST_CARDS = 3;
const CARDS_PER_STEP = 9;

export default function CoursesPage() {
  useDocumentMeta(
    'Courses',
    'Browse 34 live, mentor-led courses across 11 categories. Search, filter by level and sort by rating or popularity.',
  );
  const [params, setParams] = useSearchParams();
  // The prerendered page shows the whole catalogue (its first cards): it cannot know the URL's query, so
  // the filters from the query apply after hydration, in a transition.
  const hydrated = useHydrated();
  const filters = useMemo(() => (hydrated ? filtersFromParams(params) : EMPTY_FILTERS), [hydrated, params]);
  const results = useMemo(() => filterCourses(COURSES, filters), [filters]);
  const [preview, setPreview] = useState<Course | null>(null);
  const [PreviewModal, setPreviewModal] = useState<PreviewDialog | null>(null);
  const navigate = useNavigate();
  // Should the preview's module not arrive (the connection dropped), the course's own page says the same and more.
  const openPreview = (course: Course) => {
    setPreview(course);
    loadPreview().then(
      (module) => setPreviewModal(() => module.PreviewModal),
      () => navigate(coursePath(course.slug)),
    );
  };
  // The first cards render at once. The rest of the whole catalogue waits for the visitor's first input (a scroll, a
  // touch, a key), or a quiet moment 10 s on (lib/afterIdle.ts); a list the visitor narrowed (a search typed before
  // hydration, a query in the link) is what they asked for and does not wait. Either way the rest follow nine at a
  // time, each step an interruptible transition in a task of its own. On a slow phone, hydrating nine prerendered
  // cards and adding the other 25 while the page loaded made its longest tasks (issue 60); one commit cannot be split
  // (25 cards in one were a 60 ms task at 8x CPU).
  const [shown, setShown] = useState(FIRST_CARDS);
  const touched = useAfterFirstInput();
  const waitForVisitor = !touched && results.length === COURSES.length;
  useEffect(() => {
    if (!hydrated || waitForVisitor || shown >= results.length) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((count) => count + CARDS_PER_STEP)), 0);
    return () => window.clearTimeout(timer);
  }, [hydrated, waitForVisitor, shown, results.length]);
  const visible = results.slice(0, shown);

  // The filter state lives in the URL: shareable, and Back/Forward restore it. Typing replaces the entry, and the
  // page keeps the visitor's place (app/useScrollRestoration.ts).
  const update = (patch: Partial<Filters>, replace = false) =>
    setParams(filtersToParams({ ...filters, ...patch }), { replace, state: { preventScrollReset: true } });
  // A visitor may type or pick a filter before hydration: the query takes what the fields show. (The
  // fields' names are the filters' keys; filtersFromParams checks every value.)
  const form = useRef<HTMLFormElement>(null);
  useEarlyEdits(form, (edited) => update(filtersFromParams(new URLSearchParams({ ...Object.fromEntries(params), ...edited })), true));

  return (
    <>
      <StaticHtml as="section" className="page-hero">
        <div className="container">
          <h1>Explore our courses</h1>
          <p>34 live, mentor-led courses across 11 categories, from first lines of code to advanced specialisations.</p>
        </div>
      </StaticHtml>
      <section className="section" aria-label="Course catalogue">
        <div className="container">
          <form ref={form} className="filters card" role="search" onSubmit={(event) => event.preventDefault()}>
            <FormField label="Search">
              <input
                name="q"
                className="input"
                type="search"
                value={filters.q}
                placeholder="Search courses, topics, instructors..."
                onChange={(event) => update({ q: event.target.value }, true)}
              />
            </FormField>
            <FormField label="Category">
              <select
                name="category"
                className="input"
                value={filters.category}
                onChange={(event) => update({ category: event.target.value as Filters['category'] })}
              >
                <option value="">All categories</option>
                {CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Level">
              <select
                name="level"
                className="input"
                value={filters.level}
                onChange={(event) => update({ level: event.target.value as Filters['level'] })}
              >
                <option value="">All levels</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Sort by">
              <select
                name="sort"
                className="input"
                value={filters.sort}
                onChange={(event) => update({ sort: event.target.value as Filters['sort'] })}
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </FormField>
            <button type="button" className="btn btn--secondary" onClick={() => setParams(filtersToParams(EMPTY_FILTERS))}>
              Clear Filters
            </button>
          </form>
          <h2 className="visually-hidden">Courses</h2>
          <p className="results-count" role="status">
            {results.length === 0 ? 'No courses found matching your criteria.' : `Showing ${results.length} of ${COURSES.length} courses`}
          </p>
          <ul className="grid grid--3 course-grid catalogue-grid" onPointerOver={warmPreview} onFocus={warmPreview}>
            {visible.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} onPreview={openPreview} />
              </li>
            ))}
            {/* Room kept for the cards still to come, as tall as their rows (catalogue.css), so that nothing on
                screen moves when they arrive. One element, not one per card: fewer for the browser to parse, lay
                out and hydrate. */}
            {visible.length < results.length && (
              <li
                className="catalogue-rest"
                aria-hidden="true"
                style={{ '--shown': visible.length, '--total': results.length } as CSSProperties}
              />
            )}
          </ul>
        </div>
      </section>
      {preview && PreviewModal && <PreviewModal course={preview} onClose={() => setPreview(null)} />}
    </>
  );
}
