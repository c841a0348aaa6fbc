import type { Course } from '@upskill/domain/catalogue';

/** Topics and learning outcomes side by side, as the preview and the course page show them. */
export function CourseSyllabus({ course, idPrefix }: { course: Course; idPrefix: string }) {
  return (
    <div className="preview__grid">
      <section aria-labelledby={`${idPrefix}-topics`}>
        <h3 id={`${idPrefix}-topics`}>Topics</h3>
        <ul>
          {course.topics.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${idPrefix}-outcomes`}>
        <h3 id={`${idPrefix}-outcomes`}>What you will learn</h3>
        <ul>
          {course.learningOutcomes.map((outcome) => (
            <li key={outcome}>{outcome}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
