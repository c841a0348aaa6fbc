import { COURSES } from '@domain/courses';
import { CourseCard } from '../catalogue';

/** Six top-rated courses; loaded after first paint so the catalogue stays out of the home bundle. */
export default function FeaturedCourses() {
  const featured = [...COURSES].sort((a, b) => b.rating - a.rating || b.students - a.students).slice(0, 6);
  return (
    <ul className="grid grid--3 course-grid">
      {featured.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}
