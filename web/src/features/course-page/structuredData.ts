import type { Course as CourseData, WithContext } from 'schema-dts';
import type { Course } from '@upskill/domain/courses';
import { coursePath } from '../../config/paths';
import { siteUrl } from '../../lib/headTags';
import { organization } from '../../lib/structuredData';

/** '8 weeks' -> 'P8W' (ISO 8601), the form Google's course info result reads for the workload. */
export function isoWeeks(duration: string): string {
  const weeks = /^(\d+) weeks?$/.exec(duration);
  if (!weeks) throw new Error(`Unexpected course duration: ${duration}`);
  return `P${weeks[1]}W`;
}

/** The course as a schema.org Course with the properties Google's course info rich result requires. */
export function courseData(course: Course, image: string): WithContext<CourseData> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': siteUrl(`${coursePath(course.slug)}#course`),
    name: course.name,
    description: course.desc,
    url: siteUrl(coursePath(course.slug)),
    courseCode: `UPS-${String(course.id).padStart(3, '0')}`,
    image: siteUrl(image),
    inLanguage: 'en',
    educationalLevel: course.level,
    about: course.category,
    teaches: course.learningOutcomes,
    syllabusSections: course.topics.map((topic) => ({ '@type': 'Syllabus', name: topic })),
    totalHistoricalEnrollment: course.students,
    provider: organization(),
    offers: [{ '@type': 'Offer', category: 'Paid', price: course.price, priceCurrency: 'INR', url: siteUrl(coursePath(course.slug)) }],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: isoWeeks(course.duration),
        instructor: [{ '@type': 'Person', name: course.instructor.name, image: siteUrl(course.instructor.photo) }],
      },
    ],
  };
}
