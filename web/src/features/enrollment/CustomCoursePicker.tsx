import { useId } from 'react';
import { COURSES, CUSTOM_PLAN } from '@upskill/domain/catalogue';
import { CATEGORIES, formatRupees } from '@upskill/domain/common';

interface Props {
  selected: readonly number[];
  onChange: (courseIds: number[]) => void;
  error?: string;
}

const GROUPS = CATEGORIES.map((category) => ({ category, courses: COURSES.filter((course) => course.category === category) }));

/**
 * The Custom plan's choice of courses: 1 to 3 from the catalogue, grouped by category. Once three are
 * chosen the others are disabled, so the price can never leave the advertised range.
 */
export function CustomCoursePicker({ selected, onChange, error }: Props) {
  const id = useId();
  const full = selected.length >= CUSTOM_PLAN.maxCourses;
  const toggle = (courseId: number, checked: boolean) =>
    onChange(checked ? [...selected, courseId] : selected.filter((chosen) => chosen !== courseId));
  return (
    <fieldset
      className="course-picker"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend>Choose your courses</legend>
      <p id={`${id}-hint`} className="field__hint" aria-live="polite">
        {CUSTOM_PLAN.minCourses} to {CUSTOM_PLAN.maxCourses} courses at {formatRupees(CUSTOM_PLAN.pricePerCourse)} each · {selected.length}{' '}
        of {CUSTOM_PLAN.maxCourses} chosen
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <div className="course-picker__groups">
        {GROUPS.map(({ category, courses }) => (
          <div key={category} role="group" aria-labelledby={`${id}-${category}`}>
            <p id={`${id}-${category}`} className="course-picker__category">
              {category}
            </p>
            {courses.map((course) => {
              const checked = selected.includes(course.id);
              return (
                <label key={course.id} className="course-picker__option">
                  <input
                    type="checkbox"
                    name="courseIds"
                    value={course.id}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(course.id, event.target.checked)}
                  />{' '}
                  {course.name}
                </label>
              );
            })}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
