import { Navigate, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import Layout from './Layout';
import RouteError from './RouteError';
import HomePage from '../features/home/HomePage';
import { paths } from '../config/paths';

type PageModule = { default: ComponentType };

/** Every page but Home loads on demand, so the first paint of / carries only what it shows. */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          page(paths.about, () => import('../features/about/AboutPage')),
          page(paths.pricing, () => import('../features/pricing/PricingPage')),
          page(paths.courses, () => import('../features/catalogue/CoursesPage')),
          page(paths.contact, () => import('../features/contact/ContactPage')),
          page(paths.payment, () => import('../features/payment/PaymentPage')),
          page(paths.enrollment, () => import('../features/enrollment/EnrollmentPage')),
          page(paths.getStarted, () => import('../features/get-started/GetStartedPage')),
          page(paths.plansSection, () => import('../features/plans/PlansSectionPage')),
          page(paths.courseInfo, () => import('../features/course-info/CourseInfoPage')),
          page(paths.privacyPolicy, () => import('../features/legal/PrivacyPolicyPage')),
          page(paths.termsConditions, () => import('../features/legal/TermsPage')),
          page(paths.faq, () => import('../features/legal/FaqPage')),
          page(paths.cookies, () => import('../features/legal/CookiesPage')),
          page(paths.login, () => import('../features/auth/LoginPage')),
          page(paths.register, () => import('../features/auth/RegisterPage')),
          page(paths.myCourses, () => import('../features/my-courses/MyCoursesPage')),
          page(paths.blog, () => import('../features/blog/BlogIndexPage')),
          page(paths.blogPost, () => import('../features/blog/BlogPostPage')),
          page(paths.help, () => import('../features/help/HelpPage')),
          { path: paths.terms, element: <Navigate to={paths.termsConditions} replace /> },
          { path: paths.privacy, element: <Navigate to={paths.privacyPolicy} replace /> },
          page('*', () => import('../features/not-found/NotFoundPage')),
        ],
      },
    ],
  },
];

