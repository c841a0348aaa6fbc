import { INTERESTED_COURSES, type InterestedCourse } from '../common';
import { COURSES, slugify } from '../catalogue';

// Starter lessons: a short self-paced module for each of the seven programmes (Pre Registration's "Starter lessons").
// The lessons themselves are Markdown files in content/starter/<programme>/<nn>-<lesson>.md, built into the
// functions (functions/starterContent.mjs) and served to those who may read them; this module holds what the site,
// the functions and the tests share: the programmes, who reads which, the file format and what progress means.

/** A programme's starter module has this many lessons (the 4-8; the content test holds every module to it). */
export const STARTER_MIN_LESSONS = 4;
export const STARTER_MAX_LESSONS = 8;
/** Lessons open to anyone (signed out included) as a preview: the first. */
export const STARTER_PREVIEW_LESSONS = 1;

export interface StarterProgramme {
  slug: string;
  name: InterestedCourse;
  /**
   * The catalogue courses this programme leads into (by slug): their learners read its lessons, and the catalogue's
   * preview modal of one of them shows the learner's progress in these lessons as its "% complete".
   */
  courses: readonly string[];
}

const COURSES_OF: Record<InterestedCourse, readonly string[]> = {
  'Full Stack Web Development': ['full-stack-web-development-with-react-and-node', 'html-css-and-javascript-for-beginners'],
  'Data Science & Analytics': [
    'data-analytics-with-sql-and-power-bi',
    'data-science-for-climate-research',
    'bioinformatics-with-python-and-r',
  ],
  'Artificial Intelligence & Machine Learning': ['machine-learning-with-python', 'deep-learning-and-generative-ai'],
  'Cloud Computing': [
    'aws-cloud-practitioner-to-architect',
    'devops-with-docker-kubernetes-and-ci-cd',
    'linux-and-shell-scripting-essentials',
  ],
  Cybersecurity: ['ethical-hacking-and-penetration-testing', 'security-operations-and-incident-response', 'cybersecurity-fundamentals'],
  'Mobile App Development': ['android-app-development-with-kotlin'],
  'Digital Marketing': ['digital-marketing-mastery'],
};

export const STARTER_PROGRAMMES: readonly StarterProgramme[] = INTERESTED_COURSES.map((name) => ({
  slug: slugify(name),
  name,
  courses: COURSES_OF[name],
}));

export const findStarterProgramme = (slug: string): StarterProgramme | undefined => STARTER_PROGRAMMES.find((p) => p.slug === slug);

/** The programme whose starter lessons lead into a catalogue course, if any. */
export const starterProgrammeOfCourse = (courseId: number): StarterProgramme | undefined => {
  const slug = COURSES.find((c) => c.id === courseId)?.slug;
  return slug ? STARTER_PROGRAMMES.find((p) => p.courses.includes(slug)) : undefined;
};

/** What of an enrollment decides its starter lessons (a stored enrollment has these fields). */
export interface StarterSource {
  planId: string | null;
  courseId: number | null;
  courseIds?: number[] | null;
  interestedCourse: string;
}

/**
 * The programmes whose lessons an enrollment that gives access now opens: an Elite membership opens every one; a
 * plan (Pre Registration, Standard to Platinum, Single Course Access, Custom) opens the programme chosen on its
 * form; a catalogue course, and each of a Custom plan's courses, opens the programme it leads into.
 */
export function starterProgrammesOf(e: StarterSource): string[] {
  if (e.planId === 'yearly') return STARTER_PROGRAMMES.map((p) => p.slug);
  const found = new Set<string>();
  if (e.planId !== null) {
    const chosen = STARTER_PROGRAMMES.find((p) => p.name === e.interestedCourse);
    if (chosen) found.add(chosen.slug);
  }
  for (const courseId of [...(e.courseId === null ? [] : [e.courseId]), ...(e.courseIds ?? [])]) {
    const programme = starterProgrammeOfCourse(courseId);
    if (programme) found.add(programme.slug);
  }
  return [...found];
}

/** Whole percent of a module done (0 for an empty one): "40% complete". */
export const starterPercent = (done: number, total: number): number => (total <= 0 ? 0 : Math.round((Math.min(done, total) / total) * 100));

// ---------------------------------------------------------------------------------------------------
// The content files.

export const STARTER_LESSON_FILE = /^([0-9]{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
export const STARTER_LESSON_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Images a lesson may show: SVG diagrams of its own programme, served from web/public/starter/<programme>/. */
export const STARTER_IMAGE = /^\/starter\/([a-z0-9-]+)\/([a-z0-9-]+)\.svg$/;

export interface StarterLessonFile {
  slug: string;
  /** 1, 2, ...: the order of the path through the module. */
  position: number;
  title: string;
  /** Reading time, in minutes. */
  minutes: number;
  /** The lesson's Markdown, after its front matter. */
  body: string;
}

/**
 * One lesson file: `NN-slug.md`, opening with front matter that gives its title and minutes,
 *   ---
 *   title: How a browser asks for a page
 *   minutes: 8
 *   ---
 * then the lesson in Markdown. Throws, naming the file, on anything else (the content test reads every file).
 */
export function parseStarterLesson(fileName: string, text: string): StarterLessonFile {
  const name = STARTER_LESSON_FILE.exec(fileName);
  if (!name) throw new Error(`${fileName}: a lesson file is named NN-slug.md`);
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!front) throw new Error(`${fileName}: a lesson opens with front matter between --- lines`);
  const fields = new Map<string, string>();
  for (const line of front[1].split(/\r?\n/)) {
    const field = /^([a-z]+):\s*(.+?)\s*$/.exec(line);
    if (!field) throw new Error(`${fileName}: front matter lines read "name: value" (found "${line}")`);
    fields.set(field[1], field[2]);
  }
  const title = fields.get('title');
  const minutes = Number(fields.get('minutes'));
  if (!title || title.length > 90) throw new Error(`${fileName}: a title of 1-90 characters is required`);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) throw new Error(`${fileName}: minutes is a whole number from 1 to 60`);
  const body = front[2].trim();
  if (body.length < 200) throw new Error(`${fileName}: the lesson has almost no text`);
  return { slug: name[2], position: Number(name[1]), title, minutes, body };
}

/** Every image path a lesson's Markdown names (`![alt](/starter/...svg)`). */
export const starterImagesOf = (body: string): string[] => [...body.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
