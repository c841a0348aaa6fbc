import { lazy } from 'react';

// The career feature's entry for My Courses: a short section, loaded only for plans that include mentoring.
export const CareerSection = lazy(() => import('./CareerSection'));
