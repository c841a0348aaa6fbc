import { lazy } from 'react';

// The support feature's entry for My Courses: the section loads when the learner opens "Help and support".
export const SupportSection = lazy(() => import('./SupportSection'));
