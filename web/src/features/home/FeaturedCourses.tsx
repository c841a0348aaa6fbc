import featured from 'virtual:featured-courses';
import { CourseCard } from '../catalogue';

/**
 * Six popular courses (featuredCourses in the domain), chosen at build time: loaded when the visitor nears
 * them, with the six courses' data only, not the catalogue's.
 */
export default function FeaturedCourses() {
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
