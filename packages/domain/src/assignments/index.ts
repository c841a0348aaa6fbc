export * from './api';
export * from './assignments';
export * from './documents';
export * from './rules';
export * from './terms';
