import { lazy } from 'react';

// The mentoring feature's entry for My Courses: the section loads only for a learner whose plan includes mentoring.
export const MentoringSection = lazy(() => import('./MentoringSection'));
