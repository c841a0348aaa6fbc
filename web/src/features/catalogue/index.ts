// The catalogue's public entry for other features.
export { CourseCard } from './CourseCard';
