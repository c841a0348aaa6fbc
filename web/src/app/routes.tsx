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

/** Every page loads on demand: each page's scripts carry only what that page shows. */
function page(path: string, load: () => Promise<PageModule>, options: { prerender?: boolean } = {}): RouteObject {
  if (options.prerender) PRERENDERED_PATHS.push(path);
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

const prerender = { prerender: true };

export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/home/HomePage')).default }) },
          page(paths.about, () => import('../features/about/AboutPage'), prerender),
          page(paths.pricing, () => import('../features/pricing/PricingPage'), prerender),
          page(paths.courses, () => import('../features/catalogue/CoursesPage'), prerender),
          // Prerendered once per course: scripts/prerender.mjs adds every /courses/{slug}.
          page(paths.course, () => import('../features/course-page/CoursePage')),
          page(paths.contact, () => import('../features/contact/ContactPage'), prerender),
          page(paths.payment, () => import('../features/payment/PaymentPage')),
          page(paths.receipt, () => import('../features/payment/ReceiptPage')),
          page(paths.enrollment, () => import('../features/enrollment/EnrollmentPage')),
          page(paths.getStarted, () => import('../features/get-started/GetStartedPage'), prerender),
          page(paths.plansSection, () => import('../features/plans/PlansSectionPage'), prerender),
          page(paths.courseInfo, () => import('../features/course-info/CourseInfoPage'), prerender),
          page(paths.privacyPolicy, () => import('../features/legal/PrivacyPolicyPage'), prerender),
          page(paths.termsConditions, () => import('../features/legal/TermsPage'), prerender),
          page(paths.faq, () => import('../features/legal/FaqPage'), prerender),
          page(paths.cookies, () => import('../features/legal/CookiesPage'), prerender),
          page(paths.login, () => import('../features/auth/LoginPage'), prerender),
          page(paths.register, () => import('../features/auth/RegisterPage'), prerender),
          page(paths.myCourses, () => import('../features/my-courses/MyCoursesPage')),
          page(paths.blog, () => import('../features/blog/BlogIndexPage'), prerender),
          page(paths.blogPost, () => import('../features/blog/BlogPostPage')),
          page(paths.help, () => import('../features/help/HelpPage'), prerender),
          // Prerendered once per result: scripts/prerender.mjs adds /newsletter/{confirmed,unsubscribed,link-expired}.
          page(paths.newsletterResult, () => import('../features/newsletter/NewsletterResultPage')),
          // The staff console (never prerendered): it checks access, then picks its page from the rest of the path.
          page(`${paths.staff}/*`, () => import('../features/staff/StaffConsole')),
          { path: paths.terms, element: <Navigate to={paths.termsConditions} replace /> },
          { path: paths.privacy, element: <Navigate to={paths.privacyPolicy} replace /> },
          page('*', () => import('../features/not-found/NotFoundPage')),
        ],
      },
    ],
  },
];

