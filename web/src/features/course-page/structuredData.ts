import type { Course as CourseData, WithContext } from 'schema-dts';
import type { BatchListing } from '@upskill/domain/enrollment';
import type { Course } from '@upskill/domain/catalogue';
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
/** schema.org day names by ISO weekday, for courseSchedule.byDay. */
const SCHEMA_DAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function courseData(course: Course, image: string, batches: readonly BatchListing[] = []): WithContext<CourseData> {
  const instructor = [{ '@type': 'Person' as const, name: course.instructor.name, image: siteUrl(course.instructor.photo) }];
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
    // One instance per upcoming batch once they are known (after load); before that, the course's mode and workload.
    hasCourseInstance:
      batches.length > 0
        ? batches.map((batch) => ({
            '@type': 'CourseInstance' as const,
            courseMode: 'Online',
            courseWorkload: isoWeeks(course.duration),
            startDate: batch.startDate,
            endDate: batch.endDate,
            courseSchedule: {
              '@type': 'Schedule' as const,
              repeatFrequency: 'P1W',
              byDay: batch.days.map((d) => `https://schema.org/${SCHEMA_DAYS[d]}`),
              startTime: batch.startTime,
              endTime: batch.endTime,
              scheduleTimezone: batch.timeZone,
              startDate: batch.startDate,
              endDate: batch.endDate,
            },
            instructor,
          }))
        : [{ '@type': 'CourseInstance' as const, courseMode: 'Online', courseWorkload: isoWeeks(course.duration), instructor }],
  };
}
