import { Navigate, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import Layout from './Layout';
import RouteError from './RouteError';
import { paths } from '../config/paths';

type PageModule = { default: ComponentType };

/**
 * Public pages are prerendered at build time (scripts/prerender.mjs reads this list): they paint from
 * HTML before any script. The others (forms that need a session, the enrollment steps) get the app shell.
 */
export const PRERENDERED_PATHS: string[] = [paths.home];

/**
 * The page modules: every `features/{feature}/{Name}Page.tsx`, and the staff console. Each loads on
 * demand, so each page's scripts carry only what that page shows. A route names its module (the
 * route's id), which also tells the prerender which chunks the page needs (scripts/prerender.mjs
 * preloads them in the page's HTML).
 */
const PAGE_MODULES = import.meta.glob<PageModule>(['../features/*/*Page.tsx', '../features/staff/StaffConsole.tsx']);

function pageRoute(module: string): Pick<RouteObject, 'id' | 'lazy'> {
  const load = PAGE_MODULES[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module features/${module}.tsx`);
  return { id: module, lazy: async () => ({ Component: (await load()).default }) };
}

function page(path: string, module: string, options: { prerender?: boolean } = {}): RouteObject {
  if (options.prerender) PRERENDERED_PATHS.push(path);
  return { path, ...pageRoute(module) };
}

/** The module of every page a route shows (its id), for the prerender's preload links. */
export const isPageModule = (id: string) => `../features/${id}.tsx` in PAGE_MODULES;

const prerender = { prerender: true };

export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...pageRoute('home/HomePage') },
          page(paths.about, 'about/AboutPage', prerender),
          page(paths.pricing, 'pricing/PricingPage', prerender),
          page(paths.courses, 'catalogue/CoursesPage', prerender),
          // Prerendered once per course: scripts/prerender.mjs adds every /courses/{slug}.
          page(paths.course, 'course-page/CoursePage'),
          page(paths.contact, 'contact/ContactPage', prerender),
          page(paths.payment, 'payment/PaymentPage'),
          page(paths.receipt, 'payment/ReceiptPage'),
          page(paths.enrollment, 'enrollment/EnrollmentPage'),
          page(paths.getStarted, 'get-started/GetStartedPage', prerender),
          page(paths.plansSection, 'plans/PlansSectionPage', prerender),
          page(paths.courseInfo, 'course-info/CourseInfoPage', prerender),
          page(paths.privacyPolicy, 'legal/PrivacyPolicyPage', prerender),
          page(paths.termsConditions, 'legal/TermsPage', prerender),
          page(paths.faq, 'legal/FaqPage', prerender),
          page(paths.cookies, 'legal/CookiesPage', prerender),
          page(paths.login, 'auth/LoginPage', prerender),
          page(paths.register, 'auth/RegisterPage', prerender),
          page(paths.accountReset, 'auth/ForgotPasswordPage', prerender),
          page(paths.accountAction, 'auth/AccountActionPage'),
          page(paths.guardian, 'consents/GuardianPage'),
          page(paths.account, 'account/AccountPage'),
          page(paths.myCourses, 'my-courses/MyCoursesPage'),
          page(paths.teaching, 'teaching/TeachingPage'),
          page(paths.mentoring, 'mentoring/MentoringPage'),
          page(paths.reviews, 'assignments/ReviewsPage'),
          page(paths.qa, 'qa/QaPage'),
          page(paths.qaQuestion, 'qa/QuestionPage'),
          page(paths.starter, 'starter/StarterModulePage'),
          page(paths.starterLesson, 'starter/StarterLessonPage'),
          page(paths.blog, 'blog/BlogIndexPage', prerender),
          page(paths.blogPost, 'blog/BlogPostPage'),
          page(paths.help, 'help/HelpPage', prerender),
          // Prerendered once per result: scripts/prerender.mjs adds /newsletter/{confirmed,unsubscribed,link-expired}.
          page(paths.newsletterResult, 'newsletter/NewsletterResultPage'),
          // The staff console (never prerendered): it checks access, then picks its page from the rest of the path.
          page(`${paths.staff}/*`, 'staff/StaffConsole'),
          { path: paths.terms, element: <Navigate to={paths.termsConditions} replace /> },
          { path: paths.privacy, element: <Navigate to={paths.privacyPolicy} replace /> },
          page('*', 'not-found/NotFoundPage'),
        ],
      },
    ],
  },
];
