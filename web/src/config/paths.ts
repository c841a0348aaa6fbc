import { ACCOUNT_PATHS, enrollmentFormPath } from '@upskill/domain/common';
/** Every route of the site in one place, so links stay in step with the router. */
export const paths = {
  home: '/',
  about: '/about',
  pricing: '/pricing',
  courses: '/courses',
  course: '/courses/:slug',
  contact: '/contact',
  payment: '/payment',
  receipt: '/receipt/:id',
  enrollment: '/course/plans/:target/info',
  getStarted: '/get-started',
  plansSection: '/plans-section',
  courseInfo: '/course-info',
  privacyPolicy: '/Privacy-Policy',
  termsConditions: '/Terms&Conditions',
  faq: '/Faq',
  login: '/login',
  register: '/register',
  myCourses: '/mycourses',
  teaching: '/teaching',
  mentoring: '/mentoring',
  reviews: '/reviews',
  qa: '/qa',
  qaQuestion: '/qa/questions/:id',
  starter: '/starter/:programme',
  starterLesson: '/starter/:programme/:lesson',
  blog: '/blog',
  blogPost: '/blog/:slug',
  help: '/help',
  /** For teams and campuses: the public page, an admin's team page, and claiming a seat (an invitation, a code, a campus link). */
  teams: '/teams',
  team: '/team',
  /** Resume and LinkedIn reviews: the learner's page, and the reviewers' queue. */
  career: '/career',
  careerDesk: '/career/desk',
  join: '/join',
  joinCampus: '/join/:key',
  newsletterResult: '/newsletter/:result',
  cookies: '/cookies',
  /** The staff console; its own pages (under /staff/) are named in features/staff/staffPaths.ts. */
  staff: '/staff',
  terms: '/terms',
  privacy: '/privacy',
  account: ACCOUNT_PATHS.account,
  accountReset: ACCOUNT_PATHS.reset,
  accountAction: ACCOUNT_PATHS.action,
  guardian: ACCOUNT_PATHS.guardian,
} as const;

/** The enrollment form for a plan key (`pro`) or a course (`course-5`); see features/enrollment/target.ts. */
export const enrollmentPath = enrollmentFormPath;
/** A course's own page; `slug` is the catalogue's (Course.slug). */
export const coursePath = (slug: string) => `/courses/${slug}`;
/** The receipt of a paid enrollment. */
export const receiptPath = (enrollmentId: string) => `/receipt/${encodeURIComponent(enrollmentId)}`;
export const blogPostPath = (slug: string) => `/blog/${slug}`;
export const coursesPath = (params: { goal?: string; category?: string; q?: string } = {}) => {
  const search = new URLSearchParams();
  if (params.goal) search.set('goal', params.goal);
  if (params.category) search.set('category', params.category);
  if (params.q) search.set('q', params.q);
  const query = search.toString();
  return query ? `${paths.courses}?${query}` : paths.courses;
};

/** One question of the Q&A forum. */
export const qaQuestionPath = (id: string) => `/qa/questions/${encodeURIComponent(id)}`;
export const starterPath = (programme: string) => `/starter/${encodeURIComponent(programme)}`;
export const starterLessonPath = (programme: string, lesson: string) =>
  `/starter/${encodeURIComponent(programme)}/${encodeURIComponent(lesson)}`;
