import { lazy } from 'react';

// The starter feature's entry for the catalogue's preview: the learner's progress loads only for a signed-in visitor.
export const StarterCourseProgress = lazy(() => import('./CourseProgress'));
