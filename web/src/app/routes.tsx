import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import Layout from './Layout';
import { Page, isPageModule } from './pages';
import { paths } from '../config/paths';

/**
 * Public pages are prerendered at build time (scripts/prerender.mjs reads this list): they paint from
 * HTML before any script. The others (forms that need a session, the enrollment steps) get the app shell.
 */
export const PRERENDERED_PATHS: string[] = [paths.home];

/** A route showing a page module (app/pages.tsx), named by its id: the module, e.g. `home/HomePage`. */
const pageRoute = (module: string): Pick<RouteObject, 'id' | 'element'> => ({ id: module, element: <Page id={module} /> });

function page(path: string, module: string, options: { prerender?: boolean } = {}): RouteObject {
  if (options.prerender) PRERENDERED_PATHS.push(path);
  return { path, ...pageRoute(module) };
}

const prerender = { prerender: true };

export const routes: RouteObject[] = [
  {
    // The layout holds the page's loading and error states (app/Layout.tsx).
    element: <Layout />,
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
      page(paths.teams, 'team/TeamsPage', prerender),
      page(paths.team, 'team/TeamPage'),
      page(paths.career, 'career/CareerPage'),
      page(paths.careerDesk, 'career/CareerDeskPage'),
      page(paths.join, 'team/JoinPage'),
      page(paths.joinCampus, 'team/JoinCampusPage'),
      // Prerendered once per result: scripts/prerender.mjs adds /newsletter/{confirmed,unsubscribed,link-expired}.
      page(paths.newsletterResult, 'newsletter/NewsletterResultPage'),
      // The staff console (never prerendered): it checks access, then picks its page from the rest of the path.
      page(`${paths.staff}/*`, 'staff/StaffConsole'),
      { path: paths.terms, element: <Navigate to={paths.termsConditions} replace /> },
      { path: paths.privacy, element: <Navigate to={paths.privacyPolicy} replace /> },
      page('*', 'not-found/NotFoundPage'),
    ],
  },
];

/** The page modules a location shows (its routes' ids), to load before its first render: hydration and prerender. */
export const pageModulesAt = (location: string | Partial<Location>): string[] =>
  (matchRoutes(routes, location) ?? []).map((match) => match.route.id ?? '').filter(isPageModule);
