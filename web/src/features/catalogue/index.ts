// The catalogue's public entry for other features.
export { CourseCard } from './CourseCard';
export { CourseMeta } from './CourseMeta';
export { CourseSyllabus } from './CourseSyllabus';
