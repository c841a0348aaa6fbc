/** The instructors, in their own module so pages can show them without loading the whole catalogue. */
export interface Instructor {
  name: string;
  /** Site-relative path of a local portrait (no hot-linking). */
  photo: string;
  /** Where they work, for the home page's instructors strip. */
  role?: string;
}

const photo = (slug: string) => `/images/instructors/${slug}.svg`;

export const INSTRUCTORS = {
  ananya: { name: 'Ananya Rao', photo: photo('ananya-rao'), role: 'Full Stack Lead, ex-Flipkart' },
  daniel: { name: 'Daniel Brooks', photo: photo('daniel-brooks'), role: 'ML Engineer, ex-Spotify' },
  priya: { name: 'Priya Menon', photo: photo('priya-menon'), role: 'Data Scientist, PhD IISc' },
  marcus: { name: 'Marcus Lee', photo: photo('marcus-lee'), role: 'Cloud Architect, AWS Hero' },
  kavya: { name: 'Kavya Iyer', photo: photo('kavya-iyer') },
  rahul: { name: 'Rahul Verma', photo: photo('rahul-verma') },
  sofia: { name: 'Sofia Martinez', photo: photo('sofia-martinez'), role: 'Product Designer, ex-Airbnb' },
  arjun: { name: 'Arjun Nair', photo: photo('arjun-nair') },
  emily: { name: 'Emily Carter', photo: photo('emily-carter') },
  vikram: { name: 'Vikram Singh', photo: photo('vikram-singh') },
  meera: { name: 'Meera Kulkarni', photo: photo('meera-kulkarni') },
  james: { name: 'James Okafor', photo: photo('james-okafor') },
} as const satisfies Record<string, Instructor>;

/**
 * The custom claim that makes an account an instructor: its value names the profile above whose batches the
 * account teaches. Here, not in teaching.ts, so My Courses can ask without loading any schema.
 */
export const INSTRUCTOR_CLAIM = 'instructor';
export const instructorKeyOf = (claims: Record<string, unknown>): keyof typeof INSTRUCTORS | undefined => {
  const value = claims[INSTRUCTOR_CLAIM];
  return typeof value === 'string' && Object.hasOwn(INSTRUCTORS, value) ? (value as keyof typeof INSTRUCTORS) : undefined;
};
