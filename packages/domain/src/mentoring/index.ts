export * from './api';
export * from './documents';
export * from './figures';
export * from './mentoring';
export * from './rules';
export * from './terms';
export * from './placement';
export * from './placementRules';
