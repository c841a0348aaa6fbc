import { lazy } from 'react';

// The assignments feature's entry for My Courses: the section loads only for a learner with a place in a batch.
export const AssignmentsSection = lazy(() => import('./AssignmentsSection'));
